import { describe, expect, it } from "vitest";
import { toShippingRateRow } from "./rows";

const rate = { id: "shr_1", displayName: "Envío GAM", description: "Correos", amount: 250_000, currency: "CRC", isActive: true, deliveryEstimate: { minimumDays: 1, maximumDays: 3 }, createdAt: "2026-01-01T12:00:00.000Z" };

describe("toShippingRateRow", () => {
  it("keeps the name, cost, delivery window and whether it is offered", () => {
    expect(toShippingRateRow(rate)).toEqual({ id: "shr_1", name: "Envío GAM", description: "Correos", amount: 250_000, currency: "CRC", active: true, minDays: 1, maxDays: 3, createdAt: rate.createdAt });
  });

  it("keeps a free rate free, and claims nothing the service does not say", () => {
    expect(toShippingRateRow({ ...rate, amount: 0 })).toMatchObject({ amount: 0, currency: "CRC" });
    expect(toShippingRateRow({ id: "shr_2", createdAt: rate.createdAt })).toMatchObject({ name: null, amount: null, currency: null, active: null, minDays: null, maxDays: null });
    // An amount without its currency cannot be shown as money.
    expect(toShippingRateRow({ ...rate, currency: null })).toMatchObject({ amount: null, currency: null });
  });
});
