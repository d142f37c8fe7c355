export type PolicyOptions = {
  /** `next dev`: React's dev build needs eval (server error stacks, refresh) and injects unnonced styles. */
  dev: boolean;
  /** Served over HTTPS: then any stray http:// subresource is upgraded rather than loaded in the clear. */
  https: boolean;
  /** Origins product pictures load from (the service's hosts: lib/catalog/image-origins.mjs). */
  imageOrigins?: readonly string[];
};
export declare function newNonce(): string;
export declare function pagePolicy(nonce: string, options: PolicyOptions): string;
export declare const API_POLICY: "default-src 'none'; frame-ancestors 'none'";
export declare function forwardedHttps(forwardedProto: string | string[] | null | undefined): boolean;
