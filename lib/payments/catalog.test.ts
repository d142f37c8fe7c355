import { afterEach, describe, expect, it } from "vitest";
import { createPaymentClient, type PaymentClient } from "./client";
import { listPaymentMethods } from "./payment-methods";
import { getProduct, listPrices } from "./products";
import { paymentMethodListSchema } from "./schemas";
import { listShippingRates } from "./shipping-rates";
import { customer, listMeta } from "./test-utils/fixtures";
import { sendJson, startLocalServer, type LocalServer } from "./test-utils/local-server";
import { failure } from "./test-utils/harness";

// Payment methods, a product, its prices and shipping rates: the paths and filters that go out, and what comes back —
// typed where the spec or DESIGN.md says, and every field the service adds kept, at every level.

const card = {
  id: "pm_01",
  mode: "test",
  type: "card",
  billing: { name: "Ana Mora", phone: "+50688887777", address: customer.address },
  card: { brand: "visa", expMonth: 4, expYear: 2027, last4: "4242", funding: "credit" },
  createdAt: "2026-01-12T15:00:00.000Z",
  fingerprint: "fp_9x",
};
const product = {
  id: "prod_01",
  mode: "test",
  name: "Café Tarrazú 340 g",
  description: "Grano entero",
  isActive: true,
  shippable: true,
  images: ["https://cdn.example/cafe.png"],
  createdAt: "2026-01-01T12:00:00.000Z",
  taxCode: "CABYS 2391",
};
const price = {
  id: "price_01",
  productId: "prod_01",
  unitAmount: 650_000,
  currency: "CRC",
  nickname: null,
  type: "recurring",
  recurring: { interval: "month", intervalCount: 1, usageType: "licensed" },
  isActive: true,
  createdAt: "2026-01-01T12:01:00.000Z",
  taxBehavior: "inclusive",
};
const rate = {
  id: "shr_01",
  displayName: "Envío GAM",
  amount: 250_000,
  currency: "CRC",
  deliveryEstimate: { minimumDays: 1, maximumDays: 3, carrier: "Correos de Costa Rica" },
  createdAt: "2026-01-01T12:00:00.000Z",
  zone: "GAM",
};

let server: LocalServer;
let client: PaymentClient;

async function serving(body: unknown, status = 200) {
  server = await startLocalServer((_req, res) => sendJson(res, status, body));
  client = createPaymentClient({ baseUrl: server.url, secretKey: "svc_test_secret_key_x", logger: () => {}, maxRetries: 0 });
}
afterEach(() => server?.close());
const sent = () => server.requests.map((r) => decodeURIComponent(r.url));
const envelope = (item: object) => ({ data: [item], meta: { ...listMeta, sortedBy: "createdAt" }, object: "list" });

describe("unknown fields survive parsing", () => {
  it("payment methods: on the method, its card, the meta and the envelope", async () => {
    await serving(envelope(card));
    const page = await listPaymentMethods(client, "cus_01", { limit: 5 });
    expect(sent()).toEqual(["/v1/customers/cus_01/payment-methods?limit=5"]);
    expect(page.items[0]).toEqual(card);
    const raw = await client.get("/v1/customers/cus_01/payment-methods", paymentMethodListSchema);
    expect(raw).toMatchObject({ object: "list", meta: { sortedBy: "createdAt" } });
  });

  it("a product and its prices, recurring details included", async () => {
    await serving(product);
    expect(await getProduct(client, "prod_01")).toEqual(product);
    await server.close();
    await serving(envelope(price));
    const prices = await listPrices(client, { productId: "prod_01", limit: 100 });
    expect(sent()).toEqual(["/v1/prices?limit=100&productId=prod_01"]);
    expect(prices.items[0]).toEqual(price);
  });

  it("shipping rates, with a delivery estimate of fields the spec never shows", async () => {
    await serving(envelope(rate));
    const page = await listShippingRates(client);
    expect(sent()).toEqual(["/v1/shipping-rates?limit=10"]);
    expect(page.items[0]).toEqual(rate);
  });
});

describe("refused shapes and inputs", () => {
  it("makes a wrong shape a typed error, not a crash (a card expiry month of 13)", async () => {
    await serving(envelope({ ...card, card: { ...card.card, expMonth: 13 } }));
    expect((await failure(listPaymentMethods(client, "cus_01"))).kind).toBe("invalid_response");
  });

  it("refuses an id that would change the endpoint before any request", async () => {
    await serving(envelope(card));
    expect((await failure(listPaymentMethods(client, ".."))).kind).toBe("invalid_input");
    expect((await failure(getProduct(client, ""))).kind).toBe("invalid_input");
    expect(server.requests).toEqual([]);
    // Percent-encoded, an id can never reach another path.
    await listPaymentMethods(client, "cus_01/../../v1/refunds");
    expect(server.requests[0]!.url).toBe("/v1/customers/cus_01%2F..%2F..%2Fv1%2Frefunds/payment-methods?limit=10");
  });

  it("treats an empty productId as no filter", async () => {
    await serving(envelope(price));
    await listPrices(client, { productId: "" });
    expect(sent()).toEqual(["/v1/prices?limit=10"]);
  });
});
