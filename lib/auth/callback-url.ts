const BASE = "http://backoffice.invalid";
const MAX_LENGTH = 2048;
// A backslash is a slash to browsers; control characters are dropped by URL parsers, so "/\t/evil" becomes "//evil".
const UNSAFE_CHARACTER = /[\\\u0000-\u001f\u007f]/;
// Encoded "/", "\", "." and "%" (and control characters) in a path: one more decoding — by a proxy, a framework or
// a browser — could turn them into "//" or "/..", which is how "/%252e%252e//evil" used to end on another site.
// No page of ours has them in its path (ids and names are plain), so refusing costs nothing.
const ENCODED_SPECIAL = /%(?:2f|5c|2e|25|[01][0-9a-f]|7f)/i;

/**
 * The candidate as a normalised path on this site, or null. It is parsed once and normalised ("/x/../y" → "/y"), and
 * it is the RESULT that must be a same-origin path: the raw string passing a check means nothing once
 * "/..//evil.example" normalises to "//evil.example", which a browser reads as another host.
 */
export function sameOriginPath(raw: unknown): string | null {
  if (typeof raw !== "string" || raw.length > MAX_LENGTH || !isLocalPathShape(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || ENCODED_SPECIAL.test(url.pathname)) return null;
  const result = `${url.pathname}${url.search}${url.hash}`;
  return isLocalPathShape(result) ? result : null;
}

/** Where to go after sign-in: a path on this site (not the sign-in page itself nor an API route), else `fallback`. */
export function safeCallbackPath(raw: unknown, fallback = "/"): string {
  const path = sameOriginPath(raw);
  if (path === null || /^\/(sign-in|api)(?=[/?#]|$)/.test(path)) return fallback;
  return path;
}

/** A path that every browser resolves on the current origin: one leading "/", not "//" or "/\", nothing unsafe. */
function isLocalPathShape(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !UNSAFE_CHARACTER.test(path);
}

/**
 * Auth.js's redirect callback: a target on this site (absolute or a path) is kept after the same checks, anything
 * else becomes the site's root. Auth.js passes `baseUrl` as the site's own origin.
 */
export function safeRedirectUrl(url: string, baseUrl: string): string {
  let origin: string;
  try {
    origin = new URL(baseUrl).origin;
  } catch {
    return "/";
  }
  let path: string | null = null;
  if (url.startsWith("/")) path = url;
  else {
    try {
      const target = new URL(url);
      if (target.origin === origin) path = `${target.pathname}${target.search}${target.hash}`;
    } catch {}
  }
  // Unlike after sign-in, the sign-in page is a fine place to land (after sign-out), so only the shape is checked.
  const safe = sameOriginPath(path) ?? "/";
  return `${origin}${safe}`;
}
