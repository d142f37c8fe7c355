import { describe, expect, it } from "vitest";
import type { Price } from "@/lib/payments/schemas";
import { billingOf, sortPrices } from "./prices";

const price = (id: string, changes: Partial<Price> = {}): Price => ({ id, currency: "CRC", unitAmount: 100, createdAt: "2026-01-01T00:00:00.000Z", ...changes });

describe("a product's prices", () => {
  it("lists those on sale first, then the inactive, each newest first; a price with no word on it counts as on sale", () => {
    const sorted = sortPrices([
      price("old_inactive", { isActive: false, createdAt: "2026-01-01T00:00:00.000Z" }),
      price("old_active", { isActive: true, createdAt: "2026-01-02T00:00:00.000Z" }),
      price("new_inactive", { isActive: false, createdAt: "2026-03-01T00:00:00.000Z" }),
      price("unknown", { createdAt: "2026-02-01T00:00:00.000Z" }),
    ]);
    expect(sorted.map((p) => p.id)).toEqual(["unknown", "old_active", "new_inactive", "old_inactive"]);
  });

  it("says one-off or recurring with its interval, and nothing it was not told", () => {
    expect(billingOf(price("a", { type: "one_time" }))).toEqual({ kind: "one_time" });
    expect(billingOf(price("b", { type: "recurring", recurring: { interval: "month", intervalCount: 3 } }))).toEqual({ kind: "recurring", interval: "month", count: 3 });
    expect(billingOf(price("c", { recurring: { interval: "year" } }))).toEqual({ kind: "recurring", interval: "year", count: 1 });
    expect(billingOf(price("d"))).toBeNull();
  });
});
