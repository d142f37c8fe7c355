import { describe, expect, it } from "vitest";
import { LOCKOUT, lockedUntil } from "./lockout";

const now = new Date("2026-11-21T12:00:00Z");
const minutesAgo = (...minutes: number[]) => minutes.map((m) => new Date(now.getTime() - m * 60_000));

describe("lockedUntil", () => {
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

  it("uses the configured limits", () => {
    expect(LOCKOUT).toEqual({ maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 });
  });
});
