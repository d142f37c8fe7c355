import { describe, expect, it } from "vitest";
import type { Subscription } from "@/lib/payments/schemas";
import { toSubscriptionRow } from "./rows";

const subscription = {
  id: "sub_01",
  status: "active",
  customerId: "cus_01",
  createdAt: "2026-10-01T12:00:00.000Z",
  currentPeriodStart: "2026-11-01T12:00:00.000Z",
  currentPeriodEnd: "2026-12-01T12:00:00.000Z",
  items: [
    { description: "Plan", quantity: 1, unitAmount: 5000, currency: "usd" },
    { description: "Extra", quantity: 5, unitAmount: 500, currency: "USD" },
  ],
} as Subscription;

describe("toSubscriptionRow", () => {
  it("keeps status, customer, the current period and what one period costs", () => {
    expect(toSubscriptionRow(subscription)).toEqual({
      id: "sub_01",
      status: "active",
      customerId: "cus_01",
      description: "Plan, Extra",
      currentPeriodStart: "2026-11-01T12:00:00.000Z",
      currentPeriodEnd: "2026-12-01T12:00:00.000Z",
      perPeriod: { amount: 7500, currency: "USD" },
      createdAt: "2026-10-01T12:00:00.000Z",
    });
  });

  it("shows no period or total rather than a wrong one when the service sends none", () => {
    const row = toSubscriptionRow({ ...subscription, customerId: null, currentPeriodStart: "soon", items: undefined } as Subscription);
    expect(row).toMatchObject({ customerId: null, currentPeriodStart: null, perPeriod: null });
    expect(row).not.toHaveProperty("description");
  });

  it("names the customer from the local copy and prefers the subscription's own description", () => {
    const row = toSubscriptionRow({ ...subscription, description: "Gold", customer: { name: "Ana Mora", email: "ana@example.com" } });
    expect(row).toMatchObject({ customerId: "cus_01", customerName: "Ana Mora", customerEmail: "ana@example.com", description: "Gold" });
  });
});
