import { beforeAll, describe, expect, it } from "vitest";
import { listCustomers } from "@/lib/payments/customers";
import { listMobileTransfers } from "@/lib/payments/mobile-transfers";
import { listPaymentIntents } from "@/lib/payments/payment-intents";
import { paths } from "@/lib/payments/paths";
import { customerListSchema, paymentIntentListSchema, type PaymentIntent } from "@/lib/payments/schemas";
import { expectValidationError, failure, ids, isNonIncreasing, query } from "./helpers";
import { conformanceSuite } from "./target";

// The spec's "Pagination" section, one test per rule, against a list the seed fills with several pages.

const suite = conformanceSuite();

describe("pagination", () => {
  it("answers 10 records when limit is omitted", async () => {
    // buildQuery always sends a limit, so the request without one goes through the raw transport.
    const { data, meta } = await suite.client.get(paths.customers, customerListSchema, new URLSearchParams());
    expect(meta.total).toBeGreaterThan(10);
    expect(data).toHaveLength(10);
    expect(meta.limit).toBe(10);
  });

  it.each([1, 100])("accepts and honours limit %i", async (limit) => {
    const { data, meta } = await suite.client.get(paths.paymentIntents, paymentIntentListSchema, query({ limit: String(limit) }));
    expect(meta.total).toBeGreaterThan(limit);
    expect(data).toHaveLength(limit);
    expect(meta).toMatchObject({ limit, pages: Math.ceil(meta.total / limit) });
  });

  it.each(["0", "101", "abc"])("refuses limit %s with the validation error", async (limit) => {
    // listCustomers clamps the limit, so only the raw transport can send an out-of-range one.
    const error = await failure(suite.client.get(paths.customers, customerListSchema, query({ limit })));
    expectValidationError(error, /limit/);
  });

  it("refuses both cursors in one request", async () => {
    const page = await listCustomers(suite.client, { limit: 3 });
    const [first, , last] = ids(page);
    const error = await failure(suite.client.get(paths.customers, customerListSchema, query({ startingAfter: first!, endingBefore: last! })));
    expect(error.status).toBe(400);
    expectValidationError(error);
  });

  it("walks 3 pages forward with cursorNext and back with cursorBefore to the same pages, without overlap or gap", async () => {
    const p1 = await listCustomers(suite.client, { limit: 10 });
    const p2 = await listCustomers(suite.client, { limit: 10, startingAfter: p1.next });
    const p3 = await listCustomers(suite.client, { limit: 10, startingAfter: p2.next });
    const forward = [...ids(p1), ...ids(p2), ...ids(p3)];
    expect(new Set(forward).size).toBe(30);
    // No gap: the three pages are exactly the first 30 records of the list.
    expect(forward).toEqual(ids(await listCustomers(suite.client, { limit: 30 })));

    expect(p3.prev).toBeDefined();
    const back2 = await listCustomers(suite.client, { limit: 10, endingBefore: p3.prev });
    expect(ids(back2)).toEqual(ids(p2));
    const back1 = await listCustomers(suite.client, { limit: 10, endingBefore: back2.prev });
    expect(ids(back1)).toEqual(ids(p1));
  });

  it("lists newest first (createdAt never increases down a list)", async () => {
    const customers = await listCustomers(suite.client, { limit: 100 });
    const intents = await listPaymentIntents(suite.client, { limit: 100 });
    const transfers = await listMobileTransfers(suite.client, { limit: 100 });
    for (const page of [customers, intents, transfers]) {
      expect(page.items.length).toBeGreaterThan(1);
      expect(isNonIncreasing(page.items.map((item) => item.createdAt))).toBe(true);
    }
  });

  describe("createdAt filter", () => {
    // The newest 100 intents; the bound is one of them, so the filter must include or exclude that very record.
    let head: PaymentIntent[];
    let total: number;
    let boundary: PaymentIntent;
    beforeAll(async () => {
      const page = await listPaymentIntents(suite.client, { limit: 100 });
      head = page.items;
      total = page.total!;
      boundary = head[20]!;
    });

    const cases = [
      { operator: "gt", keeps: (t: number, b: number) => t > b, includesBoundary: false },
      { operator: "gte", keeps: (t: number, b: number) => t >= b, includesBoundary: true },
      { operator: "lt", keeps: (t: number, b: number) => t < b, includesBoundary: false },
      { operator: "lte", keeps: (t: number, b: number) => t <= b, includesBoundary: true },
    ] as const;

    it.each(cases)("createdAt[$operator] keeps exactly the records on its side of the bound", async ({ operator, keeps, includesBoundary }) => {
      const bound = Date.parse(boundary.createdAt);
      const page = await listPaymentIntents(suite.client, { limit: 100, createdAt: { [operator]: boundary.createdAt } });
      expect(page.items.length).toBeGreaterThan(0);
      for (const item of page.items) expect(keeps(Date.parse(item.createdAt), bound), `${item.id} ${item.createdAt}`).toBe(true);
      expect(ids(page).includes(boundary.id)).toBe(includesBoundary);
      // Newer records all sit in the head, so the head tells how many the filter must drop (lt/lte) or keep (gt/gte).
      const kept = head.filter((item) => keeps(Date.parse(item.createdAt), bound));
      const expectedTotal = operator.startsWith("gt") ? kept.length : total - (head.length - kept.length);
      expect(page.total).toBe(expectedTotal);
      if (operator.startsWith("gt")) expect(ids(page)).toEqual(kept.map((item) => item.id));
      else expect(ids(page).slice(0, kept.length)).toEqual(kept.map((item) => item.id));
    });

    it("refuses a createdAt bound that is not an ISO 8601 time", async () => {
      // buildQuery refuses an unreadable time before sending, so the raw transport sends it.
      const error = await failure(suite.client.get(paths.paymentIntents, paymentIntentListSchema, query({ "createdAt[gte]": "last tuesday" })));
      expectValidationError(error, /createdAt/);
    });
  });

  it("adds metadataKeys to a payment intent list only when includeMetadataKeys is sent", async () => {
    const without = await listPaymentIntents(suite.client, { limit: 50 });
    expect(without.metadataKeys).toBeUndefined();
    const withKeys = await listPaymentIntents(suite.client, { limit: 50, includeMetadataKeys: true });
    expect(withKeys.metadataKeys).toBeDefined();
    const used = new Set(withKeys.items.flatMap((intent) => Object.keys(intent.metadata ?? {})));
    expect(used.size).toBeGreaterThan(0);
    for (const key of used) expect(withKeys.metadataKeys).toContain(key);
    // The keys are the account's, not the page's: a one-intent page lists as many as a fifty-intent one.
    const onePage = await listPaymentIntents(suite.client, { limit: 1, includeMetadataKeys: true });
    expect(onePage.metadataKeys).toEqual(withKeys.metadataKeys);
  });

  it.each(["startingAfter", "endingBefore"])("refuses a %s cursor that is no record's id", async (cursor) => {
    const error = await failure(suite.client.get(paths.customers, customerListSchema, query({ [cursor]: "cus_does_not_exist_0000" })));
    expect(error.status).toBe(400);
    expectValidationError(error);
  });
});
