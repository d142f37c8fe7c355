import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { API_POLICY } from "../../lib/security/csp.mjs";
import { secureHeaders } from "./secure-headers.mjs";

// The server sets every page's and API answer's policy itself (proxy.ts runs only without a session or for an action):
// Next must find the page's nonce on the request, and the browser the same policy on the answer.

function run(url: string, headers: Record<string, string> = {}, options = { dev: false, imageOrigins: ["http://localhost:4010"] }) {
  const req = { url, headers: { ...headers } } as unknown as IncomingMessage;
  const set: Record<string, string> = {};
  const res = { setHeader: (name: string, value: string) => void (set[name.toLowerCase()] = value) } as unknown as ServerResponse;
  secureHeaders(options)(req, res);
  return { request: req.headers, response: set };
}

const nonceOf = (policy: string | undefined) => /'nonce-([^']+)'/.exec(policy ?? "")?.[1];

describe("secureHeaders", () => {
  it("gives a page a policy with a fresh nonce, on the request for Next and on the answer, replacing one the client sent", () => {
    const first = run("/payments?status=succeeded", { "content-security-policy": "script-src 'nonce-forged'", "content-security-policy-report-only": "x" });
    const policy = first.response["content-security-policy"];
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'/);
    expect(policy).toContain("img-src 'self' data: blob: http://localhost:4010");
    expect(first.request["content-security-policy"]).toBe(policy);
    expect(first.request["content-security-policy-report-only"]).toBeUndefined();
    expect(nonceOf(policy)).not.toBe("forged");
    expect(nonceOf(run("/payments").response["content-security-policy"])).not.toBe(nonceOf(policy));
    expect(first.response["cache-control"]).toBeUndefined();
  });

  it("upgrades insecure requests when the proxy in front says https, and allows eval only in dev", () => {
    expect(run("/", { "x-forwarded-proto": "https, http" }).response["content-security-policy"]).toContain("upgrade-insecure-requests");
    expect(run("/").response["content-security-policy"]).not.toContain("upgrade-insecure-requests");
    expect(run("/", {}, { dev: true, imageOrigins: [] }).response["content-security-policy"]).toContain("'unsafe-eval'");
  });

  it("gives API answers the policy that loads nothing and no-store", () => {
    const { request, response } = run("/api/export/payments?status=succeeded");
    expect(response).toEqual({ "content-security-policy": API_POLICY, "cache-control": "no-store" });
    expect(request["content-security-policy"]).toBe(API_POLICY);
  });

  it("leaves what the proxy's matcher skips to next.config.mjs: static files, webhooks, the health check", () => {
    for (const url of ["/_next/static/chunks/a.js", "/_next/static/media/f.woff2", "/_next/image?url=%2Fx.png&w=64&q=75", "/icons.svg", "/favicon.ico", "/api/webhooks/test", "/api/health", "/api/bench/floor"]) {
      expect(run(url).response, url).toEqual({});
    }
    expect(run("/api/healthz").response["content-security-policy"]).toBe(API_POLICY);
  });

  it("gives a page whose path ends in a file's extension its nonced policy: a dynamic segment may end in one", () => {
    for (const url of ["/reconciliation/transfers/abc.js", "/payments/pi_x.png", "/events/1.txt", "/customers/cus.css", "/x/favicon.ico", "/icons.svg/x", "/_next/data.js"]) {
      expect(run(url).response["content-security-policy"], url).toMatch(/script-src 'self' 'nonce-/);
    }
    expect(run("/api/export/payments.csv").response["content-security-policy"]).toBe(API_POLICY);
  });
});
