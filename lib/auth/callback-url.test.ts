import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeCallbackPath, safeRedirectUrl } from "./callback-url";

const BASE = "https://backoffice.example";

/** What a browser does with a Location header: resolve it against the page, then (maybe) decode and resolve again. */
function landsOnOurSite(location: string): boolean {
  let current = location;
  for (let round = 0; round < 4; round++) {
    const url = new URL(current, `${BASE}/sign-in`);
    if (url.origin !== BASE || url.pathname.startsWith("//") || url.pathname.includes("\\")) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(`${url.pathname}${url.search}${url.hash}`);
    } catch {
      return true;
    }
    if (decoded === current) return true;
    current = decoded;
  }
  return true;
}

// The reported vectors and their relatives: dot segments, encoded dots and slashes, backslashes, control characters.
const VECTORS = [
  "/..//evil.example/phish",
  "/.//evil.example",
  "/%252e%252e//evil.example",
  "/%2e%2e//evil.example",
  "/x/..//evil.example",
  "/x/%2e%2e//evil.example",
  "/./%2F/evil.example",
  "/%2F%2Fevil.example",
  "/%5C%5Cevil.example",
  "/\\evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/%09/evil.example",
  "//evil.example/x",
  "https://evil.example/",
  "javascript:alert(1)",
  "customers",
  "",
];

describe("safeCallbackPath", () => {
  it("keeps a path on this site with its query", () => {
    expect(safeCallbackPath("/customers?status=active#top")).toBe("/customers?status=active#top");
    expect(safeCallbackPath("/payments/pay_123")).toBe("/payments/pay_123");
  });

  it("normalises dot segments that stay on the site", () => {
    expect(safeCallbackPath("/customers/../payments")).toBe("/payments");
  });

  it.each([...VECTORS, undefined, 42])("refuses %j", (raw) => {
    expect(safeCallbackPath(raw)).toBe("/");
  });

  it("does not send the operator back to the sign-in page or an API route", () => {
    expect(safeCallbackPath("/sign-in?callbackUrl=/x")).toBe("/");
    expect(safeCallbackPath("/x/../sign-in")).toBe("/");
    expect(safeCallbackPath("/api/export/payments")).toBe("/");
  });

  // Pieces an attacker combines: separators, dot segments and every encoding of them, one to three times over.
  const piece = fc.constantFrom("/", "//", "\\", ".", "..", "%2e", "%2E", "%2f", "%5c", "%252e", "%252f", "%25252e", "\t", "\n", "\u0000", "@", ":", "?", "#", "evil.example", "x", "payments", "%00", " ");
  const candidate = fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(""));

  it("whatever it is given, the result lands on this site, even after further decoding", () => {
    fc.assert(
      fc.property(fc.oneof(candidate, candidate.map((c) => `/${c}`), fc.string(), fc.webUrl()), (raw) => {
        const result = safeCallbackPath(raw);
        expect(result.startsWith("/") && !result.startsWith("//") && !result.startsWith("/\\")).toBe(true);
        expect(landsOnOurSite(result)).toBe(true);
      }),
      { numRuns: 5000 },
    );
    // About a second alone; several on a machine as loaded as CI's (it timed out at Vitest's 5 s there).
  }, 60_000);

  it("is stable: a result checked again is itself", () => {
    fc.assert(
      fc.property(fc.oneof(candidate.map((c) => `/${c}`), fc.webPath()), (raw) => {
        const result = safeCallbackPath(raw);
        expect(safeCallbackPath(result)).toBe(result);
      }),
      { numRuns: 2000 },
    );
  }, 60_000);

  it("keeps ordinary paths of the site as they are", () => {
    const segment = fc.stringMatching(/^[a-z0-9_-]{1,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), (segments) => {
        const path = `/${segments.join("/")}`;
        fc.pre(!/^\/(sign-in|api)(\/|$)/.test(path));
        expect(safeCallbackPath(path)).toBe(path);
      }),
    );
  });
});

describe("safeRedirectUrl (Auth.js redirect callback)", () => {
  it("keeps same-origin targets, absolute or relative, including the sign-in page", () => {
    expect(safeRedirectUrl("/sign-in", BASE)).toBe(`${BASE}/sign-in`);
    expect(safeRedirectUrl(`${BASE}/payments?x=1`, BASE)).toBe(`${BASE}/payments?x=1`);
  });

  it.each(["https://evil.example/phish", `${BASE}.evil.example/`, ...VECTORS.filter((v) => v.startsWith("/"))])("sends %j to the root", (url) => {
    expect(safeRedirectUrl(url, BASE)).toBe(`${BASE}/`);
  });

  it("never leaves the site, whatever the target", () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl(), fc.string(), fc.webPath().map((p) => `/${p}`)), (url) => {
        const result = new URL(safeRedirectUrl(url, BASE));
        expect(result.origin).toBe(BASE);
        expect(result.pathname.startsWith("//")).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});
