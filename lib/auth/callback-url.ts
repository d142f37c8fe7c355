/**
 * Where to go after sign-in: only a path on this site. Anything else (another host, "//evil", "/\\evil",
 * "javascript:") falls back to the overview, so the sign-in page cannot be used as an open redirect.
 */
export function safeCallbackPath(raw: unknown, fallback = "/"): string {
  if (typeof raw !== "string" || !raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return fallback;
  try {
    const base = "http://backoffice.invalid";
    const url = new URL(raw, base);
    if (url.origin !== base) return fallback;
    if (url.pathname.startsWith("/sign-in") || url.pathname.startsWith("/api/")) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
