import { describe, expect, it } from "vitest";
import { clientAddress, normalizeAddress, parseTrustedProxies } from "./client-address.mjs";

function trusting(text: string) {
  const parsed = parseTrustedProxies(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.trusted;
}

describe("clientAddress", () => {
  it("ignores X-Forwarded-For from a peer that is not a trusted proxy", () => {
    expect(clientAddress("203.0.113.9", "198.51.100.1", trusting(""))).toBe("203.0.113.9");
    expect(clientAddress("203.0.113.9", "198.51.100.1", trusting("10.0.0.0/8"))).toBe("203.0.113.9");
  });

  it("takes the address a trusted proxy received from", () => {
    expect(clientAddress("10.0.0.5", "198.51.100.1", trusting("10.0.0.0/8"))).toBe("198.51.100.1");
  });

  it("walks from the right past trusted hops only: a client cannot prepend its way past the proxy", () => {
    // The client sent "1.2.3.4"; the proxy appended the address it really saw.
    expect(clientAddress("10.0.0.5", "1.2.3.4, 198.51.100.1", trusting("10.0.0.0/8"))).toBe("198.51.100.1");
    // Two proxies in a row, both trusted.
    expect(clientAddress("10.0.0.5", "1.2.3.4, 198.51.100.1, 10.0.0.7", trusting("10.0.0.0/8"))).toBe("198.51.100.1");
    expect(clientAddress("10.0.0.5", ["1.2.3.4", "198.51.100.1"], trusting("10.0.0.0/8"))).toBe("198.51.100.1");
  });

  it("stops at a proxy that forwards garbage, and keeps the proxy when there is nothing to read", () => {
    expect(clientAddress("10.0.0.5", "not-an-ip", trusting("10.0.0.0/8"))).toBe("10.0.0.5");
    expect(clientAddress("10.0.0.5", undefined, trusting("10.0.0.0/8"))).toBe("10.0.0.5");
  });

  it("reads IPv4-mapped IPv6 socket addresses as IPv4, and IPv6 ranges", () => {
    expect(clientAddress("::ffff:127.0.0.1", "198.51.100.1", trusting("127.0.0.1"))).toBe("198.51.100.1");
    expect(clientAddress("::1", "2001:db8::7", trusting("::1"))).toBe("2001:db8::7");
    expect(clientAddress("fd00::3", "198.51.100.1", trusting("fd00::/8"))).toBe("198.51.100.1");
  });
});

describe("normalizeAddress", () => {
  it.each([
    ["198.51.100.1:5443", "198.51.100.1"],
    ["[2001:DB8::1]:443", "2001:db8::1"],
    ["::ffff:10.0.0.1", "10.0.0.1"],
    ["evil.example", null],
    ["", null],
  ])("%s → %s", (raw, expected) => {
    expect(normalizeAddress(raw)).toBe(expected);
  });
});

describe("parseTrustedProxies", () => {
  it("accepts addresses and CIDR ranges separated by commas or spaces", () => {
    const parsed = parseTrustedProxies("10.0.0.0/8, 127.0.0.1 ::1");
    expect(parsed.ok && parsed.size).toBe(3);
  });

  it.each(["10.0.0.0/33", "localhost", "10.0.0.1/8/1", "::1/129", "10.0.0.0/x"])("refuses %s", (text) => {
    expect(parseTrustedProxies(text)).toEqual({ ok: false, error: `"${text}" is not an IP address or CIDR range` });
  });
});
