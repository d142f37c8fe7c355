import { describe, expect, it } from "vitest";
import { cardExpiryState, monthIn } from "@/lib/payments/card-expiry";
import { generateSeed } from "./index";
import { MODES, NOW, SEED, seedAt } from "./test-data";

// Saved cards as a customer page sees them: the seed must hold every case the page distinguishes, and no payment
// may have been made with a card that had already expired.

const today = monthIn(NOW, "UTC");

describe.each(MODES)("%s saved cards", (mode) => {
  const data = seedAt(1)[mode];
  const methodsOf = (customerId: string | null) => data.paymentMethods.filter((m) => m.customerId === customerId);
  const states = (customerId: string | null) => methodsOf(customerId).map((m) => cardExpiryState(m.card!, today)).sort();

  it("names a customer with no card, one good card, an expired card beside a good one, and three cards", () => {
    const { customers, expiringCard } = data.fixtures;
    expect(methodsOf(customers.noCards)).toEqual([]);
    expect(states(customers.oneCard)).toEqual(["valid"]);
    expect(states(customers.twoCardsOneExpired)).toEqual(["expired", "valid"]);
    expect(states(customers.severalCards)).toEqual(["expired", "expiring", "valid"]);
    expect(methodsOf(customers.severalCards).find((m) => m.id === expiringCard)?.card).toMatchObject({ expYear: today.year, expMonth: today.month });
    const ids = Object.values(customers);
    expect(new Set(ids).size).toBe(4);
    for (const id of ids) expect(data.customers.some((c) => c.id === id && c.name && c.phone)).toBe(true);
  });

  it("has some expired cards across the customer base, none expired before a payment made with it", () => {
    const cards = data.paymentMethods.filter((m) => m.card);
    const expired = cards.filter((m) => cardExpiryState(m.card!, today) === "expired");
    expect(expired.length / cards.length).toBeGreaterThan(0.05);
    expect(expired.length / cards.length).toBeLessThan(0.25);
    const byId = new Map(cards.map((m) => [m.id, m]));
    const paidWithExpired = data.paymentIntents.filter((intent) => {
      const card = intent.paymentMethodId ? byId.get(intent.paymentMethodId)?.card : undefined;
      return card && cardExpiryState(card, monthIn(new Date(intent.createdAt), "UTC")) === "expired";
    });
    expect(paidWithExpired).toEqual([]);
  });

  it("has customers with several cards, and every card is saved after its customer signed up", () => {
    const counts = new Map<string, number>();
    for (const m of data.paymentMethods) if (m.card) counts.set(m.customerId, (counts.get(m.customerId) ?? 0) + 1);
    expect([...counts.values()].filter((n) => n >= 2).length).toBeGreaterThan(10);
    const created = new Map(data.customers.map((c) => [c.id, c.createdAt]));
    for (const m of data.paymentMethods) expect(m.createdAt! >= created.get(m.customerId)!, m.id).toBe(true);
  });
});

describe("saved cards of a seed made on the evening of a month's last day in Costa Rica (the 1st in UTC)", () => {
  // 21:00 on 30 November and 23:30 on 31 December there: the operator's month is still November, then December.
  it.each(["2026-12-01T03:00:00.000Z", "2027-01-01T05:30:00.000Z"])("at %s, each fixture customer's cards are what the app calls them in Costa Rica's month", (at) => {
    const now = new Date(at);
    const data = generateSeed({ seed: SEED, scale: 0.05, now }).test;
    const today = monthIn(now, "America/Costa_Rica");
    const { customers, expiringCard } = data.fixtures;
    const states = (customerId: string | null) => data.paymentMethods.filter((m) => m.customerId === customerId).map((m) => cardExpiryState(m.card!, today)).sort();
    expect(states(customers.oneCard)).toEqual(["valid"]);
    expect(states(customers.twoCardsOneExpired)).toEqual(["expired", "valid"]);
    expect(states(customers.severalCards)).toEqual(["expired", "expiring", "valid"]);
    expect(data.paymentMethods.find((m) => m.id === expiringCard)?.card).toMatchObject({ expYear: today.year, expMonth: today.month });
  });
});

describe.each(MODES)("%s catalog and shipping rates", (mode) => {
  const data = seedAt(1)[mode];

  it("names a product priced in colones and dollars, active first, and an inactive one", () => {
    const prices = data.prices.filter((p) => p.productId === data.fixtures.products.twoCurrencies);
    expect(new Set(prices.filter((p) => p.isActive).map((p) => p.currency))).toEqual(new Set(["CRC", "USD"]));
    expect(prices.some((p) => p.isActive === false)).toBe(true);
    expect(prices.every((p) => p.type === "recurring" && p.recurring?.interval === "month")).toBe(true);
    const inactive = data.products.find((p) => p.id === data.fixtures.products.inactive);
    expect(inactive?.isActive).toBe(false);
  });

  it("has one-off and recurring prices, shippable goods with pictures and services without", () => {
    expect(new Set(data.prices.map((p) => p.type))).toEqual(new Set(["one_time", "recurring"]));
    expect(new Set(data.prices.flatMap((p) => (p.recurring ? [p.recurring.interval] : [])))).toEqual(new Set(["month", "year"]));
    const shippable = data.products.filter((p) => p.shippable);
    expect(shippable.length).toBeGreaterThan(2);
    expect(shippable.every((p) => (p.images ?? []).length > 0)).toBe(true);
    expect(data.products.some((p) => !p.shippable && (p.images ?? []).length === 0)).toBe(true);
  });

  it("has a shipping-rate list in colones and dollars, free pick-up and a discontinued rate", () => {
    const rates = data.shippingRates;
    expect(rates.length).toBeGreaterThanOrEqual(5);
    expect(new Set(rates.map((r) => r.currency))).toEqual(new Set(["CRC", "USD"]));
    expect(rates.some((r) => r.amount === 0)).toBe(true);
    expect(rates.filter((r) => r.isActive === false)).toHaveLength(1);
  });
});
