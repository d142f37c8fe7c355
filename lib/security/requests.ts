// Facts about a request that the proxy's security decisions rest on. Pure: Request in, answer out.
import { forwardedHttps } from "./csp.mjs";

/**
 * Whether the browser reached us over HTTPS. `next start` speaks plain HTTP, so TLS always ends at a proxy in front of
 * it, which says so in X-Forwarded-Proto (first hop first). A client can forge that header, but all it buys is HSTS
 * and upgrade-insecure-requests on a plain-HTTP answer, which browsers ignore there (RFC 6797 §8.1).
 */
export function servedOverHttps(request: Request): boolean {
  return forwardedHttps(request.headers.get("x-forwarded-proto")) || new URL(request.url).protocol === "https:";
}

/** The host the browser asked for, as Next's own Server Actions check reads it: X-Forwarded-Host first, then Host. */
function requestedHost(request: Request): string | null {
  return request.headers.get("x-forwarded-host")?.split(",")[0]?.trim() || request.headers.get("host");
}

/**
 * A server action posted from another site. Next refuses it too, but by throwing, which answers 500; this lets the
 * proxy answer 403 first. Every POST to a page is an action (by fetch, with Next-Action, or a form without JS); the
 * API routes that take POSTs authenticate otherwise (Auth.js's CSRF token, the webhook secret). Like Next, a POST
 * without Origin passes: browsers send Origin on every cross-site POST, so only a hand-made request lacks it, and that
 * carries no victim's cookies.
 */
export function isCrossSiteAction(request: Request): boolean {
  if (request.method !== "POST") return false;
  const pathname = new URL(request.url).pathname;
  if (!request.headers.has("next-action") && pathname.startsWith("/api/")) return false;
  const origin = request.headers.get("origin");
  if (origin === null) return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host; // "null" (a sandboxed frame, a data: page) throws: refused below
  } catch {
    return true;
  }
  return originHost !== requestedHost(request);
}
