// The Content-Security-Policy of the server's answers (scripts/server.mjs), set before Next handles the request: each
// page's with a fresh nonce, API answers' with no-store. Set here rather than in proxy.ts: Next runs its proxy as a whole
// middleware round (a web Request built from this one, its answer's headers merged back), and a signed-in request needs
// nothing else from the proxy, which now runs only without a session cookie or for a server action (see its matcher).
// bench:pages, interleaved with the proxy on every request: about 1.5 ms less app CPU on the shell and 2–3 ms on list
// and detail pages (of 14–28 ms on a loaded 2-core machine). Plain JavaScript, like the server.
import { API_POLICY, forwardedHttps, newNonce, pagePolicy } from "../../lib/security/csp.mjs";

// What proxy.ts's matcher leaves out (static files, the webhooks, the health check, the floor route): their headers come
// from next.config.mjs. The same pattern as the matcher's lookahead. Static files by name, never by extension: a page's
// dynamic segment may end in ".js" or ".png" (/payments/pi_x.png), and such a page went out with no CSP and no nonce.
const UNGUARDED = /^\/(?:_next\/static\/|_next\/image$|_next\/webpack-hmr$|favicon\.ico$|icons\.svg$|api\/webhooks\/|api\/health$|api\/bench\/floor$)/;

/**
 * `(req, res) => void` for node's request and response. Next reads the nonce for its own scripts and styles from the
 * request's policy header, so the page's policy goes on the request too (replacing any the client sent).
 * @param {{ dev: boolean; imageOrigins: readonly string[] }} options
 */
export function secureHeaders({ dev, imageOrigins }) {
  return (req, res) => {
    const pathname = (req.url ?? "/").split("?")[0];
    if (UNGUARDED.test(pathname)) return;
    const api = pathname.startsWith("/api/");
    const policy = api ? API_POLICY : pagePolicy(newNonce(), { dev, https: forwardedHttps(req.headers["x-forwarded-proto"]), imageOrigins });
    req.headers["content-security-policy"] = policy;
    delete req.headers["content-security-policy-report-only"];
    res.setHeader("content-security-policy", policy);
    // API answers carry operator data (who is signed in, exported rows): no cache keeps a copy.
    if (api) res.setHeader("cache-control", "no-store");
  };
}
