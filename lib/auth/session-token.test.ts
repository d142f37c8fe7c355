import { encode } from "next-auth/jwt";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sessionClaims, sessionSubject } from "./session-token";

const SECRET = "a-test-secret-that-is-long-enough-0123456789";
const COOKIE = "authjs.session-token";

/** The cookie with one character of the token's tag changed (to another character, whatever it was). */
const tamper = (cookie: string) => cookie.slice(0, -8) + (cookie.at(-8) === "A" ? "B" : "A") + cookie.slice(-7);

async function sessionCookie(claims: Record<string, unknown>, { secret = SECRET, name = COOKIE, maxAge = 3600 } = {}) {
  return `${name}=${await encode({ token: claims, secret, salt: name, maxAge })}`;
}

describe("sessionSubject", () => {
  it("reads the operator id from a session cookie Auth.js wrote, among other cookies", async () => {
    const cookie = await sessionCookie({ sub: "op-1", email: "ana@example.com" });
    expect(await sessionSubject(`locale=es; ${cookie}; mode=test`, SECRET)).toBe("op-1");
  });

  it("reads the __Secure- cookie a site served over https gets", async () => {
    const cookie = await sessionCookie({ sub: "op-2" }, { name: `__Secure-${COOKIE}` });
    expect(await sessionSubject(cookie, SECRET)).toBe("op-2");
  });

  it("is signed out without a cookie, without a secret, or with a cookie sealed by another secret", async () => {
    expect(await sessionSubject(null, SECRET)).toBeNull();
    expect(await sessionSubject("locale=es", SECRET)).toBeNull();
    expect(await sessionSubject(await sessionCookie({ sub: "op-1" }), undefined)).toBeNull();
    expect(await sessionSubject(await sessionCookie({ sub: "op-1" }, { secret: "another-secret-that-is-long-enough-987654" }), SECRET)).toBeNull();
  });

  it("is signed out when the token expired, was altered, or names nobody", async () => {
    expect(await sessionSubject(await sessionCookie({ sub: "op-1" }, { maxAge: -60 }), SECRET)).toBeNull();
    const cookie = await sessionCookie({ sub: "op-1" });
    expect(await sessionSubject(tamper(cookie), SECRET)).toBeNull();
    expect(await sessionSubject(await sessionCookie({ email: "x@example.com" }), SECRET)).toBeNull();
  });

  it("does not take a cookie sealed under another cookie's name (the name is the key's salt)", async () => {
    const value = (await sessionCookie({ sub: "op-1" }, { name: "other-cookie" })).split("=")[1];
    expect(await sessionSubject(`${COOKIE}=${value}`, SECRET)).toBeNull();
  });
});

describe("sessionSubject, repeatedly", () => {
  it("keeps answering from its cached key, and the cache never lets another secret's token through", async () => {
    const cookie = await sessionCookie({ sub: "op-1" });
    for (let i = 0; i < 3; i++) expect(await sessionSubject(cookie, SECRET)).toBe("op-1");
    const other = "another-secret-that-is-long-enough-987654";
    expect(await sessionSubject(cookie, other)).toBeNull();
    expect(await sessionSubject(await sessionCookie({ sub: "op-9" }, { secret: other }), other)).toBe("op-9");
    expect(await sessionSubject(cookie, SECRET)).toBe("op-1");
  });
});

describe("sessionSubject, once a token was read", () => {
  afterEach(() => vi.useRealTimers());

  it("still signs it out when it expires, and a token one character off is still refused", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const cookie = await sessionCookie({ sub: "op-3" }, { maxAge: 60 });
    expect(await sessionSubject(cookie, SECRET)).toBe("op-3");
    vi.setSystemTime(Date.now() + 30_000);
    expect(await sessionSubject(cookie, SECRET)).toBe("op-3");
    // Past its expiry and the 15 s of tolerance Auth.js allows.
    vi.setSystemTime(Date.now() + 50_000);
    expect(await sessionSubject(cookie, SECRET)).toBeNull();
    vi.useRealTimers();

    const fresh = await sessionCookie({ sub: "op-4" });
    expect(await sessionSubject(fresh, SECRET)).toBe("op-4");
    expect(await sessionSubject(tamper(fresh), SECRET)).toBeNull();
  });
});

describe("sessionClaims", () => {
  it("gives the session version the token was issued at, 0 for a token from before versions", async () => {
    expect(await sessionClaims(await sessionCookie({ sub: "op-1", sessionVersion: 3 }), SECRET)).toEqual({ subject: "op-1", version: 3 });
    expect(await sessionClaims(await sessionCookie({ sub: "op-1" }), SECRET)).toEqual({ subject: "op-1", version: 0 });
    expect(await sessionClaims(await sessionCookie({ sub: "op-1", sessionVersion: "3" }), SECRET)).toBeNull();
  });
});
