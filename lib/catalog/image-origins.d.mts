export declare function parseImageOrigins(text: string): { ok: true; origins: string[] } | { ok: false; error: string };
export declare function imageOrigins(apiUrl: string, configured: string | undefined): string[];
export declare function isAllowedImage(src: string, origins: readonly string[]): boolean;
