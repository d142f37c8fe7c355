import { describe, expect, it } from "vitest";
import { subscriptionSchema } from "@/lib/payments/schemas";
import { toSubscriptionView } from "./view";

const subscription = subscriptionSchema.parse({
  id: "sub_01",
  mode: "test",
  status: "active",
  customerId: "cus_01",
  currency: "USD",
  description: "Membresía mensual gimnasio",
  currentPeriodStart: "2026-11-01T12:00:00.000Z",
  currentPeriodEnd: "2026-12-01T12:00:00.000Z",
  cancelAtPeriodEnd: false,
  canceledAt: null,
  items: [
    { priceId: "price_1", description: "Membresía mensual gimnasio", quantity: 1, unitAmount: 5500, currency: "USD" },
    { priceId: "price_2", description: "Casillero mensual", quantity: 2, unitAmount: 1000, currency: "usd" },
  ],
  createdAt: "2026-10-01T12:00:00.000Z",
});

describe("toSubscriptionView", () => {
  it("reads the items and period the service sends, and what a period costs", () => {
    const view = toSubscriptionView(subscription);
    expect(view.items.map((item) => [item.description, item.quantity, item.unitAmount, item.currency])).toEqual([
      ["Membresía mensual gimnasio", 1, 5500, "USD"],
      ["Casillero mensual", 2, 1000, "USD"],
    ]);
    expect(view).toMatchObject({ currentPeriodStart: "2026-11-01T12:00:00.000Z", currentPeriodEnd: "2026-12-01T12:00:00.000Z", perPeriod: { amount: 7500, currency: "USD" } });
  });

  it("gives no per-period total across currencies, or without items", () => {
    const mixed = { ...subscription, items: [...(subscription.items as object[]), { description: "Extra", quantity: 1, unitAmount: 500_000, currency: "CRC" }] };
    expect(toSubscriptionView(mixed).perPeriod).toBeNull();
    expect(toSubscriptionView({ ...subscription, items: undefined }).perPeriod).toBeNull();
  });

  it("drops what it cannot read instead of failing the page", () => {
    const odd = toSubscriptionView({ ...subscription, items: "none", currentPeriodStart: "last month", cancelAtPeriodEnd: "yes" });
    expect(odd.items).toEqual([]);
    expect(odd.currentPeriodStart).toBeNull();
    expect(odd.cancelAtPeriodEnd).toBeNull();
    expect(odd.status).toBe("active");
  });
});
