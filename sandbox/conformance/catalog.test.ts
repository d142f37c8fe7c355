import { describe, expect, it } from "vitest";
import { z } from "zod";
import { cardExpiryState, monthIn } from "@/lib/payments/card-expiry";
import { createPaymentClient, type PaymentClient } from "@/lib/payments/client";
import { listCustomers } from "@/lib/payments/customers";
import { buildQuery } from "@/lib/payments/page";
import { listPaymentMethods } from "@/lib/payments/payment-methods";
import { paths } from "@/lib/payments/paths";
import { getProduct, listPrices, listProducts } from "@/lib/payments/products";
import { getShippingRate, listShippingRates } from "@/lib/payments/shipping-rates";
import { paymentMethodListSchema, priceListSchema, shippingRateListSchema } from "@/lib/payments/schemas";
import type { SeedFixtures } from "../model";
import { expectValidationError, failure, fieldsOf, ids, isNonIncreasing, query, walk, withoutAuthorization } from "./helpers";
import { conformanceSuite, onSandbox, type ConformanceTarget } from "./target";

// Payment methods, one product, prices by product and shipping rates (DESIGN.md's rows for them; the spec gives them
// the list envelope and the pagination rules of every list). The same checks as the other lists: envelope, limits,
// not found, authentication and the modes kept apart.

const suite = conformanceSuite();

/** The seed's named records on the sandbox; on a real deployment, the first customer with a saved method. */
async function fixtures(target: ConformanceTarget): Promise<SeedFixtures> {
  const response = await fetch(`${target.url}/_sandbox/fixtures?mode=test`);
  return (await response.json()) as SeedFixtures;
}

async function customerWithMethods(target: ConformanceTarget, client: PaymentClient): Promise<string> {
  if (onSandbox) return (await fixtures(target)).customers.severalCards!;
  for (const customer of (await listCustomers(client, { limit: 100 })).items) {
    if ((await listPaymentMethods(client, customer.id, { limit: 1 })).items.length > 0) return customer.id;
  }
  throw new Error("no customer with a saved payment method among the newest 100");
}

/** Every new list, as a path a raw request can hit (limits, auth) and the client's schema for it. */
async function lists(target: ConformanceTarget, client: PaymentClient) {
  const customerId = await customerWithMethods(target, client);
  return [
    ["payment methods", paths.paymentMethods(customerId), paymentMethodListSchema],
    ["prices", paths.prices, priceListSchema],
    ["shipping rates", paths.shippingRates, shippingRateListSchema],
  ] as const;
}

describe("payment methods: GET /v1/customers/{id}/payment-methods", () => {
  it("answers the list envelope with billing and card brand/expiry, newest first", async () => {
    const customerId = await customerWithMethods(suite.target, suite.client);
    const { data, meta } = await suite.client.get(paths.paymentMethods(customerId), paymentMethodListSchema, buildQuery({ limit: 10 }));
    expect(data.length).toBeGreaterThan(0);
    expect(meta).toMatchObject({ total: data.length, pages: 1, limit: 10 });
    expect(isNonIncreasing(data.map((m) => m.createdAt!))).toBe(true);
    for (const method of data.filter((m) => m.card)) {
      expect(method.card).toMatchObject({ brand: expect.stringMatching(/^(visa|mastercard)$/), expMonth: expect.any(Number), expYear: expect.any(Number) });
      expect(method.billing).toBeTruthy();
    }
  });

  it.runIf(onSandbox)("seeds no card, one card, an expired beside a good one, and one expiring in the clock's month", async () => {
    const { customers, expiringCard } = await fixtures(suite.target);
    const clock = (await (await fetch(`${suite.target.url}/_sandbox/clock`)).json()) as { now: string };
    const today = monthIn(new Date(clock.now), "America/Costa_Rica");
    const states = async (customerId: string | null) =>
      (await listPaymentMethods(suite.client, customerId!, { limit: 100 })).items.map((m) => cardExpiryState(m.card!, today)).sort();
    expect(await states(customers.noCards)).toEqual([]);
    expect(await states(customers.oneCard)).toEqual(["valid"]);
    expect(await states(customers.twoCardsOneExpired)).toEqual(["expired", "valid"]);
    expect(await states(customers.severalCards)).toEqual(["expired", "expiring", "valid"]);
    const several = await listPaymentMethods(suite.client, customers.severalCards!, { limit: 100 });
    expect(several.items.find((m) => m.id === expiringCard)?.card).toMatchObject({ expYear: today.year, expMonth: today.month });
    // Fields the spec does not show (type, last4, the owning customer) come through the client's schema untouched.
    expect(several.items[0]).toMatchObject({ type: "card", customerId: customers.severalCards, card: { last4: expect.stringMatching(/^\d{4}$/) } });
  });

  it("answers an absent customer with 404 in the not-found shape", async () => {
    const error = await failure(listPaymentMethods(suite.client, "cus_does_not_exist_0000"));
    expect(error).toMatchObject({ kind: "not_found", status: 404 });
    expect(error.body).toMatchObject({ statusCode: 404, message: expect.any(String), error: expect.any(String) });
  });

  it("pages one customer's methods with the cursors and never lists another customer's", async () => {
    const customerId = await customerWithMethods(suite.target, suite.client);
    const pages = await walk((cursor) => listPaymentMethods(suite.client, customerId, { limit: 1, startingAfter: cursor }));
    const all = pages.flatMap((page) => page.items);
    expect(pages.length).toBe(all.length);
    expect(all.length).toBe(pages[0]!.total);
    expect(new Set(all.map((m) => (m as { customerId?: string }).customerId ?? customerId))).toEqual(new Set([customerId]));
    if (pages.length > 1) {
      const back = await listPaymentMethods(suite.client, customerId, { limit: 1, endingBefore: pages[1]!.prev });
      expect(ids(back)).toEqual(ids(pages[0]!));
    }
  });
});

describe("products and prices: GET /v1/products/{id}, GET /v1/prices?productId=…", () => {
  it("reads one product as the list shows it, and 404 for an absent one", async () => {
    const listed = (await listProducts(suite.client, { limit: 100 })).items;
    expect(listed.length).toBeGreaterThan(0);
    for (const product of listed.slice(0, 3)) expect(await getProduct(suite.client, product.id)).toEqual(product);
    const error = await failure(getProduct(suite.client, "prod_does_not_exist_0000"));
    expect(error).toMatchObject({ kind: "not_found", status: 404 });
    expect(error.body).toMatchObject({ statusCode: 404, message: expect.any(String) });
  });

  it("filters prices by product: exactly that product's, counted in total", async () => {
    const everything = (await walk((cursor) => listPrices(suite.client, { limit: 100, startingAfter: cursor }))).flatMap((p) => p.items);
    const productId = everything.find((p) => p.productId)!.productId!;
    const page = await listPrices(suite.client, { limit: 100, productId });
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((p) => p.productId === productId)).toBe(true);
    expect(page.total).toBe(everything.filter((p) => p.productId === productId).length);
    expect((await listPrices(suite.client, { productId: "prod_does_not_exist_0000" })).items).toEqual([]);
  });

  it.runIf(onSandbox)("prices a product in colones and dollars, and serves its pictures", async () => {
    const { products } = await fixtures(suite.target);
    const prices = (await listPrices(suite.client, { limit: 100, productId: products.twoCurrencies! })).items;
    expect(new Set(prices.filter((p) => p.isActive).map((p) => p.currency))).toEqual(new Set(["CRC", "USD"]));
    expect(prices.filter((p) => p.isActive === false).length).toBeGreaterThan(0);
    expect(prices.every((p) => p.type === "recurring" && p.recurring?.interval === "month" && p.nickname)).toBe(true);
    const product = await getProduct(suite.client, products.twoCurrencies!);
    expect(product.images?.length).toBeGreaterThan(0);
    const picture = await fetch(product.images![0]!);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/svg+xml");
    expect(await picture.text()).toMatch(/^<svg /);
    expect((await getProduct(suite.client, products.inactive!)).isActive).toBe(false);
  });
});

describe("shipping rates: GET /v1/shipping-rates", () => {
  it("answers the list envelope, walks its pages and reads one rate", async () => {
    const { data, meta } = await suite.client.get(paths.shippingRates, shippingRateListSchema, buildQuery({ limit: 2 }));
    expect(data.length).toBeGreaterThan(0);
    expect(meta).toMatchObject({ limit: 2, pages: Math.ceil(meta.total / 2) });
    const pages = await walk((cursor) => listShippingRates(suite.client, { limit: 2, startingAfter: cursor }));
    const all = pages.flatMap((page) => ids(page));
    expect(new Set(all).size).toBe(meta.total);
    expect(await getShippingRate(suite.client, data[0]!.id)).toEqual(data[0]);
    if (onSandbox) {
      expect(new Set(pages.flatMap((p) => p.items).map((r) => r.currency))).toEqual(new Set(["CRC", "USD"]));
      const error = await failure(getShippingRate(suite.client, "shr_does_not_exist_0000"));
      expect(error).toMatchObject({ kind: "not_found", status: 404 });
    }
  });
});

describe("the pagination rules on each new list", () => {
  it("answers 10 records when limit is omitted, and honours 1 and 100", async () => {
    for (const [name, path, schema] of await lists(suite.target, suite.client)) {
      const omitted = await suite.client.get(path, schema, new URLSearchParams());
      expect(omitted.meta.limit, name).toBe(10);
      expect(omitted.data.length, name).toBe(Math.min(10, omitted.meta.total));
      for (const limit of [1, 100]) {
        const page = await suite.client.get(path, schema, query({ limit: String(limit) }));
        expect(page.meta, name).toMatchObject({ limit, pages: Math.ceil(page.meta.total / limit) });
        expect(page.data.length, name).toBe(Math.min(limit, page.meta.total));
      }
    }
  });

  it.each(["0", "101", "abc"])("refuses limit %s with the validation error", async (limit) => {
    for (const [, path, schema] of await lists(suite.target, suite.client)) {
      expectValidationError(await failure(suite.client.get(path, schema, query({ limit }))), /limit/);
    }
  });

  it("refuses both cursors in one request", async () => {
    for (const [name, path, schema] of await lists(suite.target, suite.client)) {
      const { data } = await suite.client.get(path, schema, query({ limit: "3" }));
      const error = await failure(suite.client.get(path, schema, query({ startingAfter: data[0]!.id, endingBefore: data.at(-1)!.id })));
      expect(error.status, name).toBe(400);
      expectValidationError(error);
    }
  });
});


describe("authentication and modes on each new endpoint", () => {
  it("answers no credentials with 401 and an unknown key with 403", async () => {
    const paths_ = [...(await lists(suite.target, suite.client)).map(([, path]) => path), paths.product((await listProducts(suite.client, { limit: 1 })).items[0]!.id)];
    const bare = createPaymentClient({ baseUrl: suite.target.url, secretKey: suite.target.keys.test, fetch: withoutAuthorization, logger: () => {}, maxRetries: 0 });
    const stranger = suite.target.client("test", "svc_test_secret_key_not_issued_to_anyone_0000");
    for (const path of paths_) {
      const unauthorized = await failure(bare.get(path, z.unknown()));
      expect(unauthorized, path).toMatchObject({ kind: "unauthorized", status: 401 });
      expect(fieldsOf(unauthorized.body).filter((field) => field !== "message"), path).toEqual(["error", "statusCode"]);
      expect(await failure(stranger.get(path, z.unknown())), path).toMatchObject({ kind: "forbidden", status: 403 });
    }
  });

  it("keeps the modes apart: a test customer's cards and a test product are not found with the live key", async (context) => {
    if (!suite.target.keys.live) context.skip("PAYMENT_SECRET_KEY_LIVE is not set");
    const live = suite.target.client("live");
    const customerId = await customerWithMethods(suite.target, suite.client);
    expect(await failure(listPaymentMethods(live, customerId))).toMatchObject({ kind: "not_found", status: 404 });
    const testProduct = (await listProducts(suite.client, { limit: 1 })).items[0]!;
    expect(await failure(getProduct(live, testProduct.id))).toMatchObject({ kind: "not_found", status: 404 });

    const testPrices = new Set(ids(await listPrices(suite.client, { limit: 100 })));
    const livePrices = await listPrices(live, { limit: 100 });
    expect(livePrices.items.length).toBeGreaterThan(0);
    expect(livePrices.items.some((price) => testPrices.has(price.id))).toBe(false);
    expect((await listPrices(live, { productId: testProduct.id })).items).toEqual([]);
    const testRates = new Set(ids(await listShippingRates(suite.client, { limit: 100 })));
    const liveRates = await listShippingRates(live, { limit: 100 });
    expect(liveRates.items.length).toBeGreaterThan(0);
    expect(liveRates.items.some((rate) => testRates.has(rate.id))).toBe(false);
    for (const record of [...livePrices.items, ...liveRates.items]) expect(record.mode).toBe("live");
  });
});
