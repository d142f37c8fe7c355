import { describe, expect, it } from "vitest";
import { isCrossSiteAction, servedOverHttps } from "./requests";

const post = (path: string, headers: Record<string, string>) => new Request(`http://127.0.0.1:3000${path}`, { method: "POST", headers });

describe("isCrossSiteAction", () => {
  const own = { host: "127.0.0.1:3000", "next-action": "7f00" };
  it("refuses an action whose Origin is another site, or null", () => {
    expect(isCrossSiteAction(post("/payments/pi_1", { ...own, origin: "https://evil.example" }))).toBe(true);
    expect(isCrossSiteAction(post("/", { ...own, origin: "null" }))).toBe(true);
    // Another port is another origin.
    expect(isCrossSiteAction(post("/", { ...own, origin: "http://127.0.0.1:3001" }))).toBe(true);
  });
  it("refuses a form post to a page (an action without JavaScript) from another site", () => {
    expect(isCrossSiteAction(post("/sign-in", { host: "127.0.0.1:3000", origin: "https://evil.example" }))).toBe(true);
  });
  it("lets this site's actions through, behind a proxy too (X-Forwarded-Host, as Next reads it)", () => {
    expect(isCrossSiteAction(post("/", { ...own, origin: "http://127.0.0.1:3000" }))).toBe(false);
    expect(isCrossSiteAction(post("/", { ...own, "x-forwarded-host": "bo.example.cr", origin: "https://bo.example.cr" }))).toBe(false);
  });
  it("leaves alone what is not a browser's cross-site action: no Origin, GETs, API posts", () => {
    expect(isCrossSiteAction(post("/", own))).toBe(false);
    expect(isCrossSiteAction(new Request("http://127.0.0.1:3000/", { headers: { origin: "https://evil.example" } }))).toBe(false);
    expect(isCrossSiteAction(post("/api/auth/callback/credentials", { host: "127.0.0.1:3000", origin: "https://evil.example" }))).toBe(false);
  });
});

describe("servedOverHttps", () => {
  it("believes the first X-Forwarded-Proto, else the URL", () => {
    expect(servedOverHttps(new Request("http://a/", { headers: { "x-forwarded-proto": "https" } }))).toBe(true);
    expect(servedOverHttps(new Request("http://a/", { headers: { "x-forwarded-proto": "https, http" } }))).toBe(true);
    expect(servedOverHttps(new Request("http://a/", { headers: { "x-forwarded-proto": "http" } }))).toBe(false);
    expect(servedOverHttps(new Request("http://a/"))).toBe(false);
    expect(servedOverHttps(new Request("https://a/"))).toBe(true);
  });
});
