import { beforeAll, describe, expect, it } from "vitest";
import { createConnectedAccount, setWeeklyFee } from "@/lib/payments/connected-accounts";
import { listMobileTransfers } from "@/lib/payments/mobile-transfers";
import { listPaymentIntents } from "@/lib/payments/payment-intents";
import { paths } from "@/lib/payments/paths";
import {
  connectedAccountCreatedSchema,
  customerListSchema,
  mobileTransferListSchema,
  paymentIntentListSchema,
  renewalListSchema,
  weeklyFeeSchema,
} from "@/lib/payments/schemas";
import { failure, query, walk } from "./helpers";
import { conformanceSuite } from "./target";

// The spec's "Limits" table, one test per row. Values on both sides of each bound: the bound itself is accepted,
// one step past it is refused.

const suite = conformanceSuite();

const expectMarketplaceValidation = (error: { kind: string; status: number | null; body: unknown }) => {
  expect(error).toMatchObject({ kind: "marketplace_validation", status: 400 });
  expect(Object.keys(error.body as object).sort()).toEqual(["error", "message", "statusCode"]);
};

describe("limits", () => {
  it("never returns more than 100 records in a page", async () => {
    const pages = await walk((cursor) => listPaymentIntents(suite.client, { limit: 100, startingAfter: cursor }));
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page.items.length).toBeLessThanOrEqual(100);
    expect(pages[0]!.items).toHaveLength(100);
    expect(pages.reduce((sum, page) => sum + page.items.length, 0)).toBe(pages[0]!.total);
  });

  it("allows one cursor per request on every list endpoint", async () => {
    const lists = [
      [paths.customers, customerListSchema],
      [paths.paymentIntents, paymentIntentListSchema],
      [paths.renewals, renewalListSchema],
      [paths.mobileTransfers, mobileTransferListSchema],
    ] as const;
    for (const [path, schema] of lists) {
      const { data } = await suite.client.get(path, schema, query({ limit: "3" }));
      const error = await failure(suite.client.get(path, schema, query({ startingAfter: data[0]!.id, endingBefore: data[2]!.id })));
      expect(error.status, path).toBe(400);
      expect(error.kind, path).toBe("validation");
    }
  });

  describe("marketplace fee percentage: 0 to 100 in steps of 0.01", () => {
    it("accepts 12.34, 0 and 100, and returns 0 when the fee is omitted", async () => {
      for (const fee of [12.34, 0, 100]) {
        const created = await createConnectedAccount(suite.client, { businessName: `Soda fee ${fee}`, marketplaceAppFee: fee });
        expect(created.marketplaceAppFee).toBe(fee);
      }
      expect((await createConnectedAccount(suite.client, { businessName: "Soda sin comisión" })).marketplaceAppFee).toBe(0);
    });

    it.each([12.345, 100.01, -1])("refuses %s", async (marketplaceAppFee) => {
      // createConnectedAccount refuses these before sending; the raw transport sends them.
      const error = await failure(suite.client.post(paths.connectedAccounts, connectedAccountCreatedSchema, { businessName: "Soda La Esquina", marketplaceAppFee }));
      expectMarketplaceValidation(error);
      expect(error.messages.some((m) => /marketplaceAppFee/.test(m))).toBe(true);
    });
  });

  describe("weekly fee: an integer 1 to 2147483647 in USD, CRC, GTQ or PEN, both null while disabled", () => {
    let accountId: string;
    beforeAll(async () => {
      accountId = (await createConnectedAccount(suite.client, { businessName: "Feria del Agricultor" })).id;
    });

    it("accepts the bounds 1 and 2147483647 in each currency, and nulls when disabled", async () => {
      for (const [amount, currency] of [[1, "USD"], [2_147_483_647, "CRC"], [5000, "GTQ"], [990, "PEN"]] as const) {
        const fee = await setWeeklyFee(suite.client, accountId, { marketplaceWeeklyFeeEnabled: true, marketplaceWeeklyFeeAmount: amount, marketplaceWeeklyFeeCurrency: currency });
        expect(fee).toMatchObject({ id: accountId, marketplaceWeeklyFeeEnabled: true, marketplaceWeeklyFeeAmount: amount, marketplaceWeeklyFeeCurrency: currency });
      }
      const off = await setWeeklyFee(suite.client, accountId, { marketplaceWeeklyFeeEnabled: false, marketplaceWeeklyFeeAmount: null, marketplaceWeeklyFeeCurrency: null });
      expect(off).toMatchObject({ marketplaceWeeklyFeeEnabled: false, marketplaceWeeklyFeeAmount: null, marketplaceWeeklyFeeCurrency: null });
    });

    it.each([
      ["amount 0", { marketplaceWeeklyFeeEnabled: true, marketplaceWeeklyFeeAmount: 0, marketplaceWeeklyFeeCurrency: "USD" }],
      ["amount 2147483648", { marketplaceWeeklyFeeEnabled: true, marketplaceWeeklyFeeAmount: 2_147_483_648, marketplaceWeeklyFeeCurrency: "USD" }],
      ["amount 1.5", { marketplaceWeeklyFeeEnabled: true, marketplaceWeeklyFeeAmount: 1.5, marketplaceWeeklyFeeCurrency: "USD" }],
      ["currency EUR", { marketplaceWeeklyFeeEnabled: true, marketplaceWeeklyFeeAmount: 500, marketplaceWeeklyFeeCurrency: "EUR" }],
      ["an amount while disabled", { marketplaceWeeklyFeeEnabled: false, marketplaceWeeklyFeeAmount: 500, marketplaceWeeklyFeeCurrency: null }],
    ])("refuses %s", async (_label, body) => {
      // setWeeklyFee refuses these before sending; the raw transport sends them.
      const error = await failure(suite.client.post(paths.weeklyFees(accountId), weeklyFeeSchema, body));
      expectMarketplaceValidation(error);
      expect(error.messages.some((m) => /marketplaceWeeklyFee/.test(m))).toBe(true);
    });
  });

  it("gives every mobile transfer a 25-character SINPERefNumber", async () => {
    const pages = await walk((cursor) => listMobileTransfers(suite.client, { limit: 100, startingAfter: cursor }));
    const transfers = pages.flatMap((page) => page.items);
    expect(transfers.length).toBeGreaterThan(0);
    for (const transfer of transfers) expect(transfer.SINPERefNumber, transfer.id).toHaveLength(25);
    expect(new Set(transfers.map((t) => t.SINPERefNumber)).size).toBe(transfers.length);
  });

  it("keeps every payment intent's metadata within 50 pairs, 40-character keys and 500-character values", async () => {
    const pages = await walk((cursor) => listPaymentIntents(suite.client, { limit: 100, startingAfter: cursor }));
    const metadata = pages.flatMap((page) => page.items).map((intent) => intent.metadata ?? {});
    expect(metadata.some((m) => Object.keys(m).length > 0)).toBe(true);
    for (const pairs of metadata) {
      expect(Object.keys(pairs).length).toBeLessThanOrEqual(50);
      for (const [key, value] of Object.entries(pairs)) {
        expect(key.length).toBeLessThanOrEqual(40);
        expect(value.length).toBeLessThanOrEqual(500);
      }
    }
  });
});
