import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  connectedAccountSchema,
  customerSchema,
  mobileTransferSchema,
  paymentIntentSchema,
  paymentMethodSchema,
  priceSchema,
  productSchema,
  refundSchema,
  renewalSchema,
  shippingRateSchema,
  subscriptionSchema,
  weeklyFeeSchema,
} from "@/lib/payments/schemas";
import type { ModeData } from "@/sandbox/model";
import { generateSeed } from "./index";
import { MODES, NOW, SEED, seedAt } from "./test-data";

type ListKey = Exclude<keyof ModeData, "weeklyFees" | "fixtures">;

const SCHEMAS: Record<ListKey, z.ZodType> = {
  customers: customerSchema,
  paymentMethods: paymentMethodSchema,
  paymentIntents: paymentIntentSchema,
  products: productSchema,
  prices: priceSchema,
  subscriptions: subscriptionSchema,
  renewals: renewalSchema,
  mobileTransfers: mobileTransferSchema,
  connectedAccounts: connectedAccountSchema,
  refunds: refundSchema,
  shippingRates: shippingRateSchema,
};
const LISTS = Object.keys(SCHEMAS) as ListKey[];

function allIds(data: ModeData): string[] {
  return LISTS.flatMap((list) => data[list].map((record) => record.id));
}

describe("generateSeed", () => {
  it("gives byte-identical data for the same seed, scale and now, and other data for another seed", () => {
    const again = generateSeed({ seed: SEED, scale: 1, now: new Date(NOW) });
    expect(JSON.stringify(again)).toBe(JSON.stringify(seedAt(1)));
    const other = generateSeed({ seed: `${SEED}-other`, scale: 1, now: NOW });
    expect(other.test.customers[0]?.id).not.toBe(seedAt(1).test.customers[0]?.id);
    // Three full seeds at scale 1: about a second each on a quiet machine, several when the cores are shared.
  }, 30_000);

  it("refuses a scale that is not a positive number and an invalid date", () => {
    expect(() => generateSeed({ seed: SEED, scale: 0, now: NOW })).toThrow(RangeError);
    expect(() => generateSeed({ seed: SEED, scale: Number.NaN, now: NOW })).toThrow(RangeError);
    expect(() => generateSeed({ seed: SEED, scale: 1, now: new Date("nope") })).toThrow(RangeError);
  });

  it.each(MODES)("%s: every record parses with the client's schema for its kind", (mode) => {
    const data = seedAt(1)[mode];
    for (const list of LISTS) {
      for (const record of data[list]) {
        const result = SCHEMAS[list].safeParse(record);
        if (!result.success) throw new Error(`${mode} ${list} ${record.id}: ${result.error.message}`);
      }
    }
    for (const fee of Object.values(data.weeklyFees)) expect(weeklyFeeSchema.safeParse(fee).success).toBe(true);
  });

  it.each(MODES)("%s: sets every record's mode and never an onboardingUrl", (mode) => {
    const data = seedAt(1)[mode];
    for (const list of LISTS) {
      for (const record of data[list]) expect(record.mode).toBe(mode);
    }
    for (const account of data.connectedAccounts) expect(account).not.toHaveProperty("onboardingUrl");
  });

  it.each(MODES)("%s: sorts every list oldest first, ties by id", (mode) => {
    const data = seedAt(1)[mode];
    for (const list of LISTS) {
      const records = data[list];
      for (let i = 1; i < records.length; i++) {
        const [a, b] = [records[i - 1], records[i]];
        if (!a?.createdAt || !b?.createdAt) throw new Error(`${list}: a record without createdAt`);
        const ordered = a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.id < b.id);
        if (!ordered) throw new Error(`${mode} ${list} out of order at ${i}: ${a.createdAt} ${a.id} then ${b.createdAt} ${b.id}`);
      }
    }
  });

  it("gives unique ids of the expected shape, shared by no two records of either mode", () => {
    const ids = [...allIds(seedAt(1).test), ...allIds(seedAt(1).live)];
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^(cus|pm|pi|prod|price|sub|inv|mt|acct|ref|shr)_[0-9a-z]{24}$/);
  });

  it("keys weekly fees by connected account, one per account", () => {
    for (const mode of MODES) {
      const data = seedAt(1)[mode];
      expect(Object.keys(data.weeklyFees)).toEqual(data.connectedAccounts.map((account) => account.id));
      for (const [id, fee] of Object.entries(data.weeklyFees)) expect(fee.id).toBe(id);
    }
  });

  it("keeps every timestamp in UTC with a Z and never after now", () => {
    const now = NOW.toISOString();
    for (const mode of MODES) {
      const data = seedAt(1)[mode];
      for (const intent of data.paymentIntents) {
        expect(intent.createdAt.endsWith("Z") && intent.createdAt <= now).toBe(true);
        expect((intent.updatedAt ?? "") >= intent.createdAt && (intent.updatedAt ?? "") <= now).toBe(true);
      }
      for (const transfer of data.mobileTransfers) expect(transfer.createdAt <= now && transfer.authorizationDate < transfer.createdAt).toBe(true);
    }
  });
});
