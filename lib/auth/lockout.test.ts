import { describe, expect, it } from "vitest";
import { LOCKOUT, lockedUntil, lockoutUntil, withFailure } from "./lockout";

const now = new Date("2026-11-21T12:00:00Z");
const minutesAgo = (...minutes: number[]) => minutes.map((m) => new Date(now.getTime() - m * 60_000));
const times = (count: number, minutes = 1) => minutesAgo(...Array.from({ length: count }, () => minutes));
const none = { pair: [], address: [], email: [] };

describe("lockedUntil (one e-mail from one address)", () => {
  it("does not lock before the fifth failure", () => {
    expect(lockedUntil(minutesAgo(0, 1, 2, 3), now)).toBeNull();
  });

  it("locks for 15 minutes after the fifth failure within 15 minutes", () => {
    const until = lockedUntil(minutesAgo(1, 2, 3, 4, 5), now);
    expect(until?.toISOString()).toBe(new Date(now.getTime() + 14 * 60_000).toISOString());
  });

  it("does not lock when the five failures are spread over more than 15 minutes", () => {
    expect(lockedUntil(minutesAgo(1, 4, 8, 12, 17), now)).toBeNull();
  });

  it("unlocks once 15 minutes have passed since the last failure", () => {
    expect(lockedUntil(minutesAgo(15, 16, 17, 18, 19), now)).toBeNull();
    expect(lockedUntil(minutesAgo(14, 16, 17, 18, 19), now)).not.toBeNull();
  });
});

describe("lockoutUntil (the three rules together)", () => {
  it("uses the configured limits", () => {
    expect(LOCKOUT).toEqual({
      pair: { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
      address: { maxFailures: 20, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
      email: { maxFailures: 50, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
    });
  });

  it("an attacker's failures from other addresses, below the e-mail ceiling, do not lock the operator's own address", () => {
    // 49 failures against the e-mail from elsewhere; none from the operator's address.
    expect(lockoutUntil({ pair: [], address: [], email: times(49) }, now)).toBeNull();
  });

  it("five failures of the pair lock it", () => {
    expect(lockoutUntil({ pair: times(5), address: times(5), email: times(5) }, now)).not.toBeNull();
  });

  it("an address that guessed 20 times across e-mails is locked for every e-mail, even one it never tried", () => {
    expect(lockoutUntil({ pair: [], address: times(19), email: [] }, now)).toBeNull();
    expect(lockoutUntil({ pair: [], address: times(20), email: [] }, now)?.toISOString()).toBe(new Date(now.getTime() + 14 * 60_000).toISOString());
  });

  it("50 failures of one e-mail spread over many addresses lock it from everywhere", () => {
    expect(lockoutUntil({ pair: [], address: [], email: times(50) }, now)).not.toBeNull();
  });

  it("gives the latest of the locks that apply", () => {
    const until = lockoutUntil({ pair: times(5, 10), address: times(20, 2), email: [] }, now);
    expect(until?.toISOString()).toBe(new Date(now.getTime() + 13 * 60_000).toISOString());
  });

  it("withFailure counts the failure being recorded in every scope", () => {
    expect(withFailure(none, now)).toEqual({ pair: [now], address: [now], email: [now] });
    expect(lockoutUntil(withFailure({ pair: times(4), address: [], email: [] }, now), now)).not.toBeNull();
  });
});
