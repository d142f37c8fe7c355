// The Content-Security-Policy of pages and API answers. Pure, so the server (scripts/server.mjs), the proxy and a unit
// test can build it per request. Plain JavaScript (types in csp.d.mts): the custom server runs under plain node.

// Random bytes drawn 4 kB at a time: one call to the system's generator per 256 nonces instead of one per request.
// Each nonce takes bytes no other nonce has taken; the pool never leaves this module.
const POOL_SIZE = 4096;
const pool = new Uint8Array(POOL_SIZE);
let taken = POOL_SIZE;

/** 128 random bits, base64: what a CSP nonce-source accepts. A fresh one per request, or an injected script could reuse it. */
export function newNonce() {
  if (taken + 16 > POOL_SIZE) {
    crypto.getRandomValues(pool);
    taken = 0;
  }
  const bytes = pool.subarray(taken, (taken += 16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * A page's policy. Scripts run only with this response's nonce ('strict-dynamic' lets Next's nonced loader start the
 * chunks it imports); Next reads the nonce from this very header on the request and stamps it on its own scripts and
 * inline styles. Style *attributes* (`style="…"` in the server's HTML) cannot carry a nonce; the app renders none on
 * the server (see README), so they are refused too. Nothing may frame a page, post a form elsewhere or set a <base>.
 */
export function pagePolicy(nonce, { dev, https, imageOrigins = [] }) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' ${dev ? "'unsafe-inline'" : `'nonce-${nonce}'`}`,
    ["img-src 'self' data: blob:", ...imageOrigins].join(" "),
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** JSON and CSV answers render nothing: they may load nothing and be framed by nobody. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Whether the browser reached us over HTTPS, from X-Forwarded-Proto (first hop first): the server speaks plain HTTP, so
 * TLS always ends at a proxy in front of it. A client can forge the header, but all it buys is HSTS and
 * upgrade-insecure-requests on a plain-HTTP answer, which browsers ignore there (RFC 6797 §8.1).
 */
export function forwardedHttps(forwardedProto) {
  const value = Array.isArray(forwardedProto) ? forwardedProto[0] : forwardedProto;
  return value?.split(",")[0]?.trim().toLowerCase() === "https";
}
