import { describe, expect, it } from "vitest";
import { cardExpiryState, monthIn } from "./card-expiry";

describe("cardExpiryState", () => {
  const today = { year: 2026, month: 11 };

  it("keeps a card valid through the last day of its month, and expired from the next", () => {
    expect(cardExpiryState({ expMonth: 11, expYear: 2026 }, today)).toBe("expiring");
    expect(cardExpiryState({ expMonth: 10, expYear: 2026 }, today)).toBe("expired");
    expect(cardExpiryState({ expMonth: 12, expYear: 2026 }, today)).toBe("valid");
  });

  it("compares years before months (12/2025 is expired in January 2026, 1/2027 is valid in December 2026)", () => {
    expect(cardExpiryState({ expMonth: 12, expYear: 2025 }, { year: 2026, month: 1 })).toBe("expired");
    expect(cardExpiryState({ expMonth: 1, expYear: 2027 }, { year: 2026, month: 12 })).toBe("valid");
  });
});

describe("monthIn", () => {
  it("reads the month in the operator's zone: 1 December 03:00 UTC is still November in Costa Rica", () => {
    const at = new Date("2026-12-01T03:00:00.000Z");
    expect(monthIn(at, "UTC")).toEqual({ year: 2026, month: 12 });
    expect(monthIn(at, "America/Costa_Rica")).toEqual({ year: 2026, month: 11 });
  });
});
