import { describe, expect, it } from "vitest";
import {
  CONNECTED_ACCOUNT_STATUSES,
  MOBILE_TRANSFER_STATUSES,
  PAYMENT_INTENT_STATUSES,
  RENEWAL_STATUSES,
  SUBSCRIPTION_STATUSES,
} from "@/lib/payments/schemas";
import type { ModeData } from "@/sandbox/model";
import { MODES, seedAt, tally } from "./test-data";

/** The brief's volumes at scale 1 (test mode; live is a quarter). One-off intents exclude those charging renewals. */
const TARGETS = { customers: 2_000, oneOffIntents: 20_000, subscriptions: 500, renewals: 3_000, mobileTransfers: 5_000, connectedAccounts: 60 };

function volumes(data: ModeData): Record<keyof typeof TARGETS, number> {
  const renewalIntents = new Set(data.renewals.map((renewal) => renewal.paymentIntentId));
  return {
    customers: data.customers.length,
    oneOffIntents: data.paymentIntents.filter((intent) => !renewalIntents.has(intent.id)).length,
    subscriptions: data.subscriptions.length,
    renewals: data.renewals.length,
    mobileTransfers: data.mobileTransfers.length,
    connectedAccounts: data.connectedAccounts.length,
  };
}

// These tests generate whole seeds (scale 1, then 2): about a second and two on a quiet machine, several times that
// when other work shares the cores (seen at 7–10 s under a load of 25 on 2 cores), as seed.test.ts allows for too.
const SEEDING_MS = 30_000;

describe("volumes", () => {
  it.each([{ mode: "test", share: 1 }, { mode: "live", share: 0.25 }] as const)("$mode at scale 1 is within ten percent of the targets", ({ mode, share }) => {
    const actual = volumes(seedAt(1)[mode]);
    for (const [kind, target] of Object.entries(TARGETS)) {
      const count = actual[kind as keyof typeof TARGETS];
      expect(count, kind).toBeGreaterThanOrEqual(target * share * 0.9);
      expect(count, kind).toBeLessThanOrEqual(target * share * 1.1);
    }
  }, SEEDING_MS);

  it("double at scale 2, while the catalog stays the same size", () => {
    for (const mode of MODES) {
      const one = volumes(seedAt(1)[mode]);
      const two = volumes(seedAt(2)[mode]);
      for (const kind of Object.keys(TARGETS) as (keyof typeof TARGETS)[]) {
        expect(two[kind] / one[kind], `${mode} ${kind}`).toBeGreaterThan(1.8);
        expect(two[kind] / one[kind], `${mode} ${kind}`).toBeLessThan(2.2);
      }
      expect(seedAt(2)[mode].products).toHaveLength(seedAt(1)[mode].products.length);
    }
    expect(seedAt(1).test.products).toHaveLength(12);
    expect(seedAt(1).test.prices).toHaveLength(25);
  }, SEEDING_MS);
});

describe("status coverage", () => {
  it.each(MODES)("%s has every status of intents, transfers, subscriptions, renewals and connected accounts", (mode) => {
    const data = seedAt(1)[mode];
    const statuses = (records: readonly { status: string }[]) => new Set(records.map((record) => record.status));
    expect(statuses(data.paymentIntents)).toEqual(new Set(PAYMENT_INTENT_STATUSES));
    expect(statuses(data.mobileTransfers)).toEqual(new Set(MOBILE_TRANSFER_STATUSES));
    expect(statuses(data.subscriptions)).toEqual(new Set(SUBSCRIPTION_STATUSES));
    expect(statuses(data.renewals)).toEqual(new Set(RENEWAL_STATUSES));
    expect(statuses(data.connectedAccounts)).toEqual(new Set(CONNECTED_ACCOUNT_STATUSES));
  });

  it("makes succeeded intents, received transfers, paid renewals and active subscriptions the large majority", () => {
    const data = seedAt(1).test;
    const share = (records: readonly { status: string }[], status: string) =>
      (tally(records.map((record) => record.status)).get(status) ?? 0) / records.length;
    expect(share(data.paymentIntents, "succeeded")).toBeGreaterThan(0.7);
    expect(share(data.mobileTransfers, "received")).toBeGreaterThan(0.85);
    expect(share(data.renewals, "paid")).toBeGreaterThan(0.85);
    expect(share(data.subscriptions, "active")).toBeGreaterThan(0.6);
  });

  it("has roughly 65% of intents in colones and the rest in dollars", () => {
    const intents = seedAt(1).test.paymentIntents;
    const crc = intents.filter((intent) => intent.currency === "CRC").length / intents.length;
    expect(crc).toBeGreaterThan(0.58);
    expect(crc).toBeLessThan(0.72);
    expect(intents.every((intent) => intent.currency === "CRC" || intent.currency === "USD")).toBe(true);
  });
});
