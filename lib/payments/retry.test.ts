import { describe, expect, it } from "vitest";
import { backoffDelay, isRetryableStatus, parseRetryAfter } from "./retry";

describe("parseRetryAfter", () => {
  const now = Date.parse("2026-11-21T12:00:00Z");

  it("reads delay-seconds and HTTP dates", () => {
    expect(parseRetryAfter("2", now)).toBe(2000);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
    expect(parseRetryAfter("Sat, 21 Nov 2026 12:00:03 GMT", now)).toBe(3000);
    expect(parseRetryAfter("Sat, 21 Nov 2026 11:00:00 GMT", now)).toBe(0);
  });

  it("ignores an absent or unreadable value", () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter("", now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter("-1", now)).toBeUndefined();
  });
});

describe("backoffDelay", () => {
  it("doubles from the base and stays between half and all of the step", () => {
    expect(backoffDelay(0, () => 0, 250, 5000)).toBe(125);
    expect(backoffDelay(0, () => 1, 250, 5000)).toBe(250);
    expect(backoffDelay(2, () => 1, 250, 5000)).toBe(1000);
  });

  it("never exceeds the cap", () => {
    expect(backoffDelay(10, () => 1, 250, 5000)).toBe(5000);
    expect(backoffDelay(10, () => 0, 250, 5000)).toBe(2500);
  });
});

describe("isRetryableStatus", () => {
  it("retries 429 and 5xx only", () => {
    expect([429, 500, 502, 503, 504].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 409, 422].some(isRetryableStatus)).toBe(false);
  });
});
