import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentClient, PaymentServiceError, type PaymentClient } from "@/lib/payments";
import { receiveDelivery } from "@/lib/webhooks/receive";
import { checkout, succeeded, transfer } from "@/lib/webhooks/test-events";
import { startSandbox, type RunningSandbox } from "@/sandbox/server";
import * as schema from "@/db/schema";
import { freshTestDatabase } from "@/scripts/test/database";
import { classifyQuery } from "./classify";
import { runSearch, type SearchableQuery, type SearchContext } from "./run";

// The whole search against the seeded sandbox over real HTTP and a real PostgreSQL fed by webhook deliveries: which
// lookups run for each kind of query, what they find, and how far the search says it looked.

const test = freshTestDatabase();
const KEYS = { secret: { test: "svc_test_secret_key_search", live: "svc_live_secret_key_search" }, publishable: { test: "svc_test_publishable_key_search", live: "svc_live_publishable_key_search" } };
let sandbox: RunningSandbox;
const clientFor = (url: string, key: string) => createPaymentClient({ baseUrl: url, secretKey: key, logger: () => {}, maxRetries: 0 });
let clients: Record<"test" | "live", PaymentClient>;

beforeAll(async () => {
  // Scale 0.1: 200 test customers, two pages of 100 for the scan.
  sandbox = await startSandbox({ port: 0, seed: "search", scale: 0.1, now: new Date("2026-11-01T12:00:00.000Z"), dataDir: null, keys: KEYS, webhooks: {} });
  clients = { test: clientFor(sandbox.url, KEYS.secret.test), live: clientFor(sandbox.url, KEYS.secret.live) };
});
afterAll(() => sandbox?.stop());

const seeded = () => sandbox.store;
// Lists are newest first: index 0 is on the scan's first page, the last is past it.
const customers = () => [...seeded().collection("test", "customers").all()].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));

function search(text: string, overrides: Partial<SearchContext> = {}) {
  const query = classifyQuery(text);
  if (query.kind === "invalid") throw new Error(`${text} is ${query.reason}`);
  return runSearch(query as SearchableQuery, { db: test.db, mode: "test", client: () => clients.test, ...overrides });
}

describe("by id", () => {
  it("opens an intent, a subscription, a renewal and a connected account by their ids, asking only their kind", async () => {
    const intent = seeded().collection("test", "paymentIntents").all()[0]!;
    const outcome = await search(intent.id);
    expect(outcome.hits).toEqual([expect.objectContaining({ type: "payment_intent", id: intent.id, amount: intent.amount, currency: intent.currency })]);
    expect(outcome.coverage).toEqual([{ source: "service_ids", kinds: ["payment_intent"] }]);

    const renewal = seeded().collection("test", "renewals").all()[0]!;
    expect((await search(renewal.id)).hits).toEqual([expect.objectContaining({ type: "renewal", id: renewal.id, subscriptionId: renewal.subscriptionId })]);
    const subscription = seeded().collection("test", "subscriptions").all()[0]!;
    expect((await search(subscription.id)).hits).toEqual([expect.objectContaining({ type: "subscription", id: subscription.id })]);
    const account = seeded().collection("test", "connectedAccounts").all()[0]!;
    expect((await search(account.id)).hits).toEqual([expect.objectContaining({ type: "connected_account", id: account.id, businessName: account.businessName })]);
  });

  it("asks every kind when the prefix's kind does not have the id, and when there is no prefix", async () => {
    const everyKind = ["customer", "payment_intent", "subscription", "renewal", "connected_account"];
    const prefixed = await search("pi_doesnotexist000000000000");
    expect(prefixed).toMatchObject({ hits: [], failures: [] });
    expect(prefixed.coverage).toEqual([{ source: "service_ids", kinds: ["payment_intent", ...everyKind.filter((kind) => kind !== "payment_intent")] }]);
    const bare = await search("x9y8z7w6");
    expect(bare).toMatchObject({ hits: [], failures: [], coverage: [{ source: "service_ids", kinds: everyKind }, { source: "checkout_metadata" }] });
  });
});

describe("by SINPE reference", () => {
  it("finds the transfer through the API's filter, with the sender's phone once its webhook has arrived", async () => {
    const seededTransfer = seeded().collection("test", "mobileTransfers").all()[0]!;
    const before = await search(seededTransfer.SINPERefNumber);
    expect(before.hits).toEqual([expect.objectContaining({ type: "transfer", reference: seededTransfer.SINPERefNumber, originPhone: null, sources: ["service"] })]);

    const event = transfer(seededTransfer.SINPERefNumber, seededTransfer.amount);
    await receiveDelivery(test.db, "test", JSON.stringify({ ...event, data: { ...event.data, currency: seededTransfer.currency, originPhone: "8123-4567" } }));
    const after = await search(seededTransfer.SINPERefNumber);
    expect(after.hits).toEqual([
      expect.objectContaining({ reference: seededTransfer.SINPERefNumber, amount: seededTransfer.amount, originPhone: "8123-4567", sources: ["service", "webhooks"] }),
    ]);
    expect(after.coverage).toEqual([{ source: "service_transfers" }, { source: "webhook_transfers" }, { source: "checkout_metadata" }]);
  });

  it("finds nothing for a reference neither knows", async () => {
    expect((await search("2026010100000000000000000")).hits).toEqual([]);
  });
});

describe("by e-mail", () => {
  it("finds a customer among the newest by reading the customers list, whatever the case typed", async () => {
    const customer = customers().find((c) => c.email)!;
    const outcome = await search(customer.email!.toUpperCase());
    expect(outcome.hits).toEqual([expect.objectContaining({ type: "customer", id: customer.id, sources: ["service"] })]);
    expect(outcome.coverage).toContainEqual({ source: "customer_scan", scanned: 200, total: 200, complete: true });
  });

  it("says how far it read when the list is longer than the scan, and finds older customers through webhooks", async () => {
    const old = customers().findLast((c) => c.email && c.phone)!;
    const bounded = await search(old.email!, { scanPages: 1 });
    expect(bounded.hits).toEqual([]);
    expect(bounded.coverage).toEqual([{ source: "webhook_customers" }, { source: "customer_scan", scanned: 100, total: 200, complete: false }, { source: "checkout_metadata" }]);

    const event = succeeded("pi_search_old");
    await receiveDelivery(test.db, "test", JSON.stringify({ ...event, data: { ...event.data, customer: { id: old.id, name: old.name, email: old.email, phone: old.phone } } }));
    const found = await search(old.email!, { scanPages: 1 });
    expect(found.hits).toEqual([expect.objectContaining({ type: "customer", id: old.id, sources: ["webhooks"] })]);
  });

  it("looks in the operator's mode only", async () => {
    // A customer the test mode's webhooks name: test mode finds them there, live mode must not.
    const customer = customers().find((c) => c.email && c.email !== customers()[0]?.email)!;
    const event = succeeded("pi_search_mode");
    await receiveDelivery(test.db, "test", JSON.stringify({ ...event, data: { ...event.data, customer: { id: customer.id, name: customer.name, email: customer.email, phone: customer.phone } } }));
    const inTest = await search(customer.email!, { scanPages: 0 });
    expect(inTest.hits).toEqual([expect.objectContaining({ type: "customer", id: customer.id, sources: ["webhooks"] })]);
    const live = await search(customer.email!, { mode: "live", client: () => clients.live });
    expect(live.hits.filter((hit) => hit.type === "customer" && hit.id === customer.id)).toEqual([]);
  });
});

describe("by phone", () => {
  it("finds the customer and the transfers that number sent, however the number is written", async () => {
    const customer = customers().find((c) => c.phone)!;
    const local = customer.phone!.replace(/^\+506(\d{4})(\d{4})$/, "$1-$2");
    const event = transfer("2026112115150000000009999");
    await receiveDelivery(test.db, "test", JSON.stringify({ ...event, data: { ...event.data, originPhone: local } }));

    const outcome = await search(local);
    expect(outcome.hits).toEqual([
      expect.objectContaining({ type: "customer", id: customer.id }),
      expect.objectContaining({ type: "transfer", reference: "2026112115150000000009999", originPhone: local }),
    ]);
    expect((await search(customer.phone!)).hits).toHaveLength(2);
  });
});

describe("by a checkout's metadata value", () => {
  it("finds the recorded checkout sessions holding that value under any key, in this mode only, beside the id lookups", async () => {
    const event = checkout("https://pay.example/checkout/cs_search_order");
    await receiveDelivery(test.db, "test", JSON.stringify({ ...event, data: { ...event.data, metadata: { pedido: "ORD-77123", canal: "web" } } }));
    const other = checkout("https://pay.example/checkout/cs_search_live");
    await receiveDelivery(test.db, "live", JSON.stringify({ ...other, data: { ...other.data, mode: "live", metadata: { pedido: "ORD-77123" } } }));

    const outcome = await search("ORD-77123");
    expect(outcome.hits).toEqual([
      expect.objectContaining({ type: "checkout_session", id: Buffer.from("https://pay.example/checkout/cs_search_order").toString("base64url"), matched: "pedido: ORD-77123", amount: event.data.amountTotal }),
    ]);
    expect(outcome.coverage).toContainEqual({ source: "checkout_metadata" });
    expect(outcome.coverage).toContainEqual(expect.objectContaining({ source: "service_ids" }));
    // A value is matched whole, not as a part of another.
    expect((await search("ORD-7712")).hits).toEqual([]);
    // A prefixed id names its own object: a session whose metadata repeats it does not stand in its way.
    const intent = seeded().collection("test", "paymentIntents").all()[0]!;
    const named = checkout("https://pay.example/checkout/cs_search_intent");
    await receiveDelivery(test.db, "test", JSON.stringify({ ...named, data: { ...named.data, metadata: { paymentIntentId: intent.id } } }));
    expect((await search(intent.id)).hits).toEqual([expect.objectContaining({ type: "payment_intent", id: intent.id })]);
  });
});

describe("by name", () => {
  it("finds the sandbox's customers in the sync's copy whatever the accents, case and order, and says how complete the copy is", async () => {
    // The customers as the sync copies them: the seeded ones, in test mode.
    const all = customers();
    await test.db.insert(schema.customers).values(
      all.map((c) => ({ mode: "test" as const, id: c.id, name: c.name ?? null, email: c.email ?? null, phone: c.phone ?? null, amountSpent: c.amountSpent, transactionsCount: c.transactionsCount, createdAt: new Date(c.createdAt) })),
    );
    const named = all.find((c) => c.name && c.name.split(" ").length >= 3)!;
    const [given, first, second] = named.name!.split(" ").slice(-3) as [string, string, string];
    const typed = `${second.toUpperCase()} ${given.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()} ${first}`;
    const outcome = await search(typed);
    expect(outcome.hits).toContainEqual(expect.objectContaining({ type: "customer", id: named.id, name: named.name, email: named.email, createdAt: new Date(named.createdAt).toISOString(), sources: ["copy"] }));
    for (const hit of outcome.hits) if (hit.type === "customer") expect(hit.name).toContain(second);
    // No sync pass has ended in this database: the copy is not known to be complete.
    expect(outcome.coverage).toContainEqual({ source: "customer_copy", complete: false, rows: null });

    await test.db.insert(schema.syncState).values({ mode: "test", resource: "customers", lastCompleteAt: new Date(), localRows: all.length });
    expect((await search(typed)).coverage).toContainEqual({ source: "customer_copy", complete: true, rows: all.length });
    expect((await search(typed, { mode: "live" })).hits).toEqual([]);
  });
});

describe("when the service fails", () => {
  it("still returns what the webhooks know, and reports the lookups that failed", async () => {
    const down = clientFor("http://127.0.0.1:9", KEYS.secret.test);
    const outcome = await search("8123-4567", { client: () => down });
    expect(outcome.failures).toEqual([{ source: "customer_scan", error: expect.objectContaining({ kind: "network" }) }]);
    expect(outcome.coverage).toContainEqual({ source: "customer_scan", scanned: 0, total: null, complete: false });
  });

  it("reports a mode without a key as a failure of the service's lookups, not of the search", async () => {
    const noKey = () => {
      throw new PaymentServiceError({ kind: "not_configured", message: "No Payment Service key for live mode" });
    };
    const outcome = await search("pi_anything0000000000000000", { mode: "live", client: noKey });
    expect(outcome.hits).toEqual([]);
    expect(outcome.failures.length).toBeGreaterThan(0);
    expect(outcome.failures.every((failure) => failure.error.kind === "not_configured")).toBe(true);
  });
});
