// Where product pictures may load from. The service gives pictures as URLs on its own hosts; a page's CSP allows
// images only from this site, so each host is named once here and read by both the CSP (scripts/lib/secure-headers.mjs,
// proxy.ts) and the product page (which shows a picture from any other host as its address, not as a broken image).
// Plain JavaScript (types in image-origins.d.mts): the custom server (scripts/server.mjs) builds the pages' CSP under
// plain node.

/** "https://a.example, https://b.example" → origins, or an error naming the first entry that is not one. */
export function parseImageOrigins(text) {
  const origins = [];
  for (const entry of text.split(",").map((part) => part.trim()).filter(Boolean)) {
    let url;
    try {
      url = new URL(entry);
    } catch {
      return { ok: false, error: `"${entry}" is not a URL` };
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, error: `"${entry}" is not an http(s) origin` };
    // An origin only: a path would be silently widened by the CSP to the whole host, so it is refused instead.
    if (url.pathname !== "/" || url.search || url.hash || url.username || url.password) return { ok: false, error: `"${entry}" has more than an origin (scheme://host[:port])` };
    origins.push(url.origin);
  }
  return { ok: true, origins };
}

/** The service's own origin (its API's) and any configured image hosts, without repeats. */
export function imageOrigins(apiUrl, configured) {
  const parsed = configured ? parseImageOrigins(configured) : { ok: true, origins: [] };
  return [...new Set([new URL(apiUrl).origin, ...(parsed.ok ? parsed.origins : [])])];
}

/** Whether a picture's URL may be shown as an image under the page's CSP. */
export function isAllowedImage(src, origins) {
  try {
    const url = new URL(src);
    return (url.protocol === "https:" || url.protocol === "http:") && origins.includes(url.origin);
  } catch {
    return false;
  }
}
