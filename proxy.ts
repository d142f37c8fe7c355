// Proxy — turns signed-out visitors away, refuses cross-site actions, and puts the request's Content-Security-Policy on
// the answers it makes itself. Authorization is requireOperator() in each loader, action and handler.
import { NextResponse, type NextRequest } from "next/server";
import { safeCallbackPath } from "@/lib/auth/callback-url";
import { sessionSubject } from "@/lib/auth/session-token";
import { imageOrigins } from "@/lib/catalog/image-origins.mjs";
import { env } from "@/lib/env";
import { API_POLICY, newNonce, pagePolicy } from "@/lib/security/csp.mjs";
import { isCrossSiteAction, servedOverHttps } from "@/lib/security/requests";

// Reachable without a session: the sign-in page and Auth.js itself. (Webhooks, the health check and the benchmark's
// floor route do not even pass through the proxy: see the matcher.)
const PUBLIC_PATHS = ["/sign-in", "/api/auth"];

function isPublic(pathname: string): boolean {
  return PUBLIC_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const api = pathname.startsWith("/api/");
  // The headers that do not change per request (X-Frame-Options, nosniff, Referrer-Policy, HSTS …) come from
  // next.config.mjs, which also covers the routes this proxy skips.
  // The server (scripts/lib/secure-headers.mjs) has already put this request's policy, with the page's nonce, on the
  // request and the answer, for every path this proxy's matcher takes: a policy built here as well would be a second
  // nonce for the same page. One is built here only if a request comes without it (the app run without that server).
  const served = request.headers.get("content-security-policy");
  const settings = env();
  const policy =
    served ??
    (api
      ? API_POLICY
      : pagePolicy(newNonce(), { dev: settings.NODE_ENV === "development", https: servedOverHttps(request), imageOrigins: imageOrigins(settings.PAYMENT_API_URL, settings.PAYMENT_IMAGE_ORIGINS) }));
  const secure = (response: NextResponse) => {
    response.headers.set("content-security-policy", policy);
    // API answers carry operator data (who is signed in, exported rows): no cache keeps a copy.
    if (api) response.headers.set("cache-control", "no-store");
    return response;
  };

  if (isCrossSiteAction(request)) {
    return secure(NextResponse.json({ error: "forbidden", message: "Cross-site request refused." }, { status: 403 }));
  }
  if (isPublic(pathname) || (await sessionSubject(request.headers.get("cookie"), env().AUTH_SECRET))) {
    if (served) return secure(NextResponse.next());
    // Next reads the nonce for its own scripts and styles from the policy on the request.
    const headers = new Headers(request.headers);
    headers.set("content-security-policy", policy);
    return secure(NextResponse.next({ request: { headers } }));
  }

  if (api) return secure(NextResponse.json({ error: "unauthorized", message: "Sign in first." }, { status: 401 }));
  // The callback comes from this request's own path, which can itself be "//evil.example" or "/..//evil.example":
  // it goes through the same check as the sign-in page's, and is left out when it fails.
  const signIn = new URL("/sign-in", request.nextUrl.origin);
  const callback = safeCallbackPath(`${pathname}${search}`, "/");
  if (callback !== "/") signIn.searchParams.set("callbackUrl", callback);
  return secure(NextResponse.redirect(signIn));
}

// Not for static files, nor for the routes that authenticate otherwise or not at all: the Payment Service's webhooks
// (their secret), the health check, and the benchmark's floor route (a 404 unless the benchmark turned it on). The
// webhook endpoint is the hot path; it should not pay for a session check it does not use. Their headers come from
// next.config.mjs. The static files are named one by one, never by extension: a dynamic segment can end in one
// (/reconciliation/transfers/abc.js, /payments/pi_x.png, /events/1.txt are pages), and such a page skipped this proxy's
// cross-site action check and the server's CSP. They are the build's /_next/static/ and /_next/image, the dev server's hot-reload socket, /favicon.ico, and
// /icons.svg (the sprite, app/icons.svg/route.ts, which the sign-in page needs before any session). The app has no
// public/ folder; a file added there must be added here and to scripts/lib/secure-headers.mjs's UNGUARDED.
//
// And only where this proxy has something to do: a request without a session cookie (sent to sign in, or a 401), and a
// server action (the cross-site check; a form posted without JavaScript is multipart). A signed-in page or API call
// skips it: Next runs a proxy as a whole middleware round, about 1.5–3 ms of CPU per page (bench:pages), and the CSP
// those answers need is set by the server (scripts/lib/secure-headers.mjs). A cookie that no longer holds a session (expired,
// ended, forged) reaches the page, whose requireOperator answers with the 401 screen and its sign-in link. The
// matcher must be literal (Next reads it from the source), hence the repeated pattern.
export const config = {
  matcher: [
    {
      source: "/((?!_next/static/|_next/image$|_next/webpack-hmr$|favicon\\.ico$|icons\\.svg$|api/webhooks/|api/health$|api/bench/floor$).*)",
      missing: [
        { type: "cookie", key: "authjs.session-token" },
        { type: "cookie", key: "authjs.session-token.0" },
        { type: "cookie", key: "__Secure-authjs.session-token" },
        { type: "cookie", key: "__Secure-authjs.session-token.0" },
      ],
    },
    { source: "/((?!_next/static/|_next/image$|_next/webpack-hmr$|favicon\\.ico$|icons\\.svg$|api/webhooks/|api/health$|api/bench/floor$).*)", has: [{ type: "header", key: "next-action" }] },
    {
      source: "/((?!_next/static/|_next/image$|_next/webpack-hmr$|favicon\\.ico$|icons\\.svg$|api/webhooks/|api/health$|api/bench/floor$).*)",
      has: [{ type: "header", key: "content-type", value: "(?:multipart/form-data|application/x-www-form-urlencoded).*" }],
    },
  ],
};
