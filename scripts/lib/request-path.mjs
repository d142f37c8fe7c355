// What the server refuses before Next sees a request. Plain JavaScript: scripts/server.mjs runs under plain node.

/**
 * Whether a request's path holds a percent-escape that does not decode to UTF-8 (a lone "%", "%E0%A4%A"). Next's
 * router decodes the path before any app code runs and answers such a path with a 500; it is the client's mistake,
 * so the server answers 400 first.
 * @param {string | undefined} url the request line's target (path and query)
 */
export function malformedPath(url) {
  const pathname = (url ?? "/").split("?")[0];
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}
