import { describe, expect, it } from "vitest";
import { cardExpiryState, monthIn } from "@/lib/payments/card-expiry";
import { generateSeed } from "../seed";
import { Store } from "./store";

describe("Store: the card that expires this month", () => {
  // Seeded months in the past (as e2e and the conformance suite pin it), read today.
  const options = { seed: "store-clock", scale: 0.05, now: new Date("2025-06-10T12:00:00.000Z") };

  it("expires in the month of the sandbox's clock, not the seed's, and no card of any other customer moves", () => {
    const seed = generateSeed(options);
    const before = structuredClone(seed.test.paymentMethods);
    const store = new Store(seed, options);
    const id = store.fixtures.test.expiringCard!;
    const today = monthIn(store.now(), "America/Costa_Rica");
    const card = store.get("test", "paymentMethods", id)!.card!;
    expect(cardExpiryState(card, today)).toBe("expiring");
    expect(card).toMatchObject({ expYear: today.year, expMonth: today.month });
    const moved = store.collection("test", "paymentMethods").all().filter((m) => JSON.stringify(m) !== JSON.stringify(before.find((b) => b.id === m.id)));
    expect(moved.map((m) => m.id)).toContain(id);
    // Besides it, only the fixture customers' good cards the clock has reached since 2025 (the next test).
    const fixtureCustomers = Object.values(store.fixtures.test.customers);
    expect(moved.filter((m) => !fixtureCustomers.includes(m.customerId))).toEqual([]);
  });

  it("keeps the fixture customers' good cards good years after the seed, and their expired ones expired", () => {
    const seed = generateSeed(options);
    const store = new Store(seed, options);
    const { customers } = store.fixtures.test;
    // Five years on, every card the seed gave them that was good in June 2025 has reached its month.
    store.advanceClock(5 * 365 * 86_400_000);
    const today = monthIn(store.now(), "America/Costa_Rica");
    const states = (customerId: string | null) =>
      store.collection("test", "paymentMethods").all().filter((m) => m.customerId === customerId).map((m) => cardExpiryState(m.card!, today)).sort();
    expect(states(customers.oneCard)).toEqual(["valid"]);
    expect(states(customers.twoCardsOneExpired)).toEqual(["expired", "valid"]);
    expect(states(customers.severalCards)).toEqual(["expired", "expiring", "valid"]);
    // A good card keeps its month: only its year moves on.
    const seeded = new Map(seed.test.paymentMethods.map((m) => [m.id, m.card]));
    for (const m of store.collection("test", "paymentMethods").all().filter((m) => m.customerId === customers.oneCard)) expect(m.card!.expMonth).toBe(seeded.get(m.id)!.expMonth);
  });

  it("still expires this month after the clock's month has changed (a suite that runs past midnight on a month's last day)", () => {
    const seed = generateSeed(options);
    const store = new Store(seed, options);
    const id = store.fixtures.test.expiringCard!;
    const started = monthIn(store.now(), "America/Costa_Rica");
    store.advanceClock(40 * 86_400_000);
    const today = monthIn(store.now(), "America/Costa_Rica");
    expect(today).not.toEqual(started);
    const listed = store.collection("test", "paymentMethods").get(id)!.card!;
    expect(listed).toMatchObject({ expYear: today.year, expMonth: today.month });
    expect(cardExpiryState(store.get("test", "paymentMethods", id)!.card!, today)).toBe("expiring");
  });
});
