import { describe, expect, it } from "vitest";
import { API_POLICY, newNonce, pagePolicy } from "./csp.mjs";

const directive = (policy: string, name: string) => policy.split("; ").find((part) => part.startsWith(`${name} `));

describe("pagePolicy", () => {
  it("in production lets scripts and styles run only with the nonce: no eval, no inline", () => {
    const policy = pagePolicy("abc123==", { dev: false, https: false });
    expect(directive(policy, "script-src")).toBe("script-src 'self' 'nonce-abc123==' 'strict-dynamic'");
    expect(directive(policy, "style-src")).toBe("style-src 'self' 'nonce-abc123=='");
    expect(policy).not.toContain("unsafe");
    expect(directive(policy, "frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(policy).not.toContain("upgrade-insecure-requests");
  });

  it("relaxes only under next dev, which needs eval for React's dev tools", () => {
    const policy = pagePolicy("n", { dev: true, https: false });
    expect(directive(policy, "script-src")).toContain("'unsafe-eval'");
    expect(directive(policy, "script-src")).not.toContain("'unsafe-inline'");
  });

  it("lets pictures load from the service's image hosts, and from nowhere else", () => {
    expect(directive(pagePolicy("n", { dev: false, https: false }), "img-src")).toBe("img-src 'self' data: blob:");
    const policy = pagePolicy("n", { dev: false, https: false, imageOrigins: ["http://127.0.0.1:4010", "https://cdn.example.com"] });
    expect(directive(policy, "img-src")).toBe("img-src 'self' data: blob: http://127.0.0.1:4010 https://cdn.example.com");
    expect(directive(policy, "default-src")).toBe("default-src 'self'");
  });

  it("upgrades stray http:// subresources when served over HTTPS", () => {
    expect(pagePolicy("n", { dev: false, https: true })).toContain("upgrade-insecure-requests");
  });
});

it("a nonce is 128 random bits, new each time, across refills of the random pool", () => {
  const nonces = new Set(Array.from({ length: 1000 }, newNonce));
  expect(nonces.size).toBe(1000);
  for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
});

it("API answers load nothing and are framed by nobody", () => {
  expect(API_POLICY).toBe("default-src 'none'; frame-ancestors 'none'");
});
