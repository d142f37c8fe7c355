import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentClient } from "@/lib/payments/client";
import { getCustomer, listCustomers } from "@/lib/payments/customers";
import { listMobileTransfers } from "@/lib/payments/mobile-transfers";
import { listPaymentIntents } from "@/lib/payments/payment-intents";
import { failure, fieldsOf, withoutAuthorization } from "./helpers";
import { startTarget, type ConformanceTarget } from "./target";

// The spec's "Authentication" section: the header is required, only a secret key is accepted, and the key's prefix
// decides which mode's data the request reaches.

let target: ConformanceTarget;

beforeAll(async () => {
  target = await startTarget();
}, 120_000);
afterAll(() => target?.stop());


describe("authentication", () => {
  it("answers a request without an Authorization header with 401 in exactly the unauthorized shape", async () => {
    const client = createPaymentClient({ baseUrl: target.url, secretKey: target.keys.test, fetch: withoutAuthorization, logger: () => {}, maxRetries: 0 });
    const error = await failure(listCustomers(client));
    expect(error).toMatchObject({ kind: "unauthorized", status: 401 });
    expect(error.body).toMatchObject({ statusCode: 401, error: "Unauthorized" });
    // The unauthorized shape has statusCode and error; a message is the only field a service may add.
    expect(fieldsOf(error.body).filter((field) => field !== "message")).toEqual(["error", "statusCode"]);
  });

  it("answers an unknown secret key with 403 in the forbidden shape", async () => {
    const error = await failure(listCustomers(target.client("test", "svc_test_secret_key_not_issued_to_anyone_0000")));
    expect(error).toMatchObject({ kind: "forbidden", status: 403 });
    expect(error.body).toMatchObject({ statusCode: 403, error: "Forbidden", message: expect.any(String) });
  });

  it("answers a publishable key on a server-side call with 403", async (context) => {
    if (!target.keys.publishableTest) context.skip("PAYMENT_PUBLISHABLE_KEY_TEST is not set");
    const error = await failure(listCustomers(target.client("test", target.keys.publishableTest)));
    expect(error).toMatchObject({ kind: "forbidden", status: 403 });
    expect(error.body).toMatchObject({ statusCode: 403, error: "Forbidden" });
  });

  it("serves test records to a test key and live records to a live key", async (context) => {
    if (!target.keys.live) context.skip("PAYMENT_SECRET_KEY_LIVE is not set");
    for (const mode of ["test", "live"] as const) {
      const client = target.client(mode);
      const customers = await listCustomers(client, { limit: 100 });
      const intents = await listPaymentIntents(client, { limit: 100 });
      const transfers = await listMobileTransfers(client, { limit: 100 });
      const records = [...customers.items, ...intents.items, ...transfers.items];
      expect(records.length).toBeGreaterThan(0);
      expect(new Set(records.map((record) => record.mode))).toEqual(new Set([mode]));
    }
  });

  it("keeps the modes apart: a test customer is not found with the live key", async (context) => {
    if (!target.keys.live) context.skip("PAYMENT_SECRET_KEY_LIVE is not set");
    const [testCustomer] = (await listCustomers(target.client("test"), { limit: 1 })).items;
    expect(testCustomer).toBeDefined();
    expect((await getCustomer(target.client("test"), testCustomer!.id)).id).toBe(testCustomer!.id);
    const error = await failure(getCustomer(target.client("live"), testCustomer!.id));
    expect(error).toMatchObject({ kind: "not_found", status: 404 });
    const liveIds = new Set((await listCustomers(target.client("live"), { limit: 100 })).items.map((c) => c.id));
    expect(liveIds.has(testCustomer!.id)).toBe(false);
  });
});
