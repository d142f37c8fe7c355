/** See port.mjs. */
export declare function parsePort(text: string | undefined | null): { ok: true; port: number } | { ok: false; error: string };
