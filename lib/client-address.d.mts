export declare const CLIENT_ADDRESS_HEADER: "x-backoffice-client-address";
export declare function normalizeAddress(raw: unknown): string | null;
export declare function parseTrustedProxies(
  text: string | undefined | null,
): { ok: true; trusted: (address: string) => boolean; size: number } | { ok: false; error: string };
export declare function clientAddress(
  socketAddress: string | undefined | null,
  forwardedFor: string | string[] | undefined | null,
  trusted: (address: string) => boolean,
): string | null;
