import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCheckoutSession, listCheckoutSessions } from "@/db/queries/checkout-sessions";
import { receiveDelivery } from "@/lib/webhooks/receive";
import { freshTestDatabase } from "@/scripts/test/database";
import { startSandbox, type RunningSandbox } from "../server";

// The checkout scenarios end to end without a browser: run over the sandbox's HTTP control endpoint, delivered over
// HTTP to a receiver that stores them as the app's route does, then read with the checkout-session queries.

const test = freshTestDatabase();
let sandbox: RunningSandbox;
let receiver: http.Server;

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const ok = request.headers["x-webhook-secret"] === "whsec_checkout_test";
      if (ok) await receiveDelivery(test.db, "test", Buffer.concat(chunks).toString("utf8"));
      response.writeHead(ok ? 200 : 401).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const port = (receiver.address() as AddressInfo).port;
  sandbox = await startSandbox({
    port: 0,
    seed: "checkout-scenarios",
    scale: 0.02,
    now: new Date("2026-11-01T12:00:00.000Z"),
    dataDir: null,
    keys: { secret: { test: "svc_test_secret_key_checkout", live: "svc_live_secret_key_checkout" }, publishable: { test: "svc_test_publishable_key_c", live: "svc_live_publishable_key_c" } },
    webhooks: { test: { url: `http://127.0.0.1:${port}/api/webhooks/test`, secret: "whsec_checkout_test" } },
    webhookBaseDelayMs: 20,
  });
}, 60_000);

afterAll(async () => {
  await sandbox?.stop();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

async function run(name: string): Promise<Record<string, string>> {
  const response = await fetch(`${sandbox.url}/_sandbox/scenarios/${name}?mode=test`, { method: "POST" });
  expect(response.status).toBe(201);
  const reply = (await response.json()) as { created: Record<string, string> };
  await sandbox.webhooks.idle();
  return reply.created;
}

describe("checkout scenarios reach the checkout-session list", () => {
  it("checkout-session-paid: listed first, found by its order number, its line items adding up to its total", async () => {
    const created = await run("checkout-session-paid");
    const page = await listCheckoutSessions(test.db, { mode: "test" }, { limit: 10 });
    expect(page.items[0]).toMatchObject({ url: created.checkoutSessionUrl, paymentStatus: "paid", currency: "CRC", lineItemsAddUp: true });
    expect(page.items[0]!.lineItemsTotal).toBe(page.items[0]!.amountTotal);
    const found = await listCheckoutSessions(test.db, { mode: "test", metadataValue: created.orderNumber! }, { limit: 10 });
    expect(found.items.map((s) => s.url)).toEqual([created.checkoutSessionUrl]);
    const session = await getCheckoutSession(test.db, { mode: "test", url: created.checkoutSessionUrl! });
    expect(session!.lineItems.length).toBeGreaterThan(0);
    expect(session!.metadata).toMatchObject({ paymentIntentId: created.paymentIntentId });
    expect(session!.customerName).toBeTruthy();
  });

  it("checkout-session-paid-with-shipping: the lines fall short of the total by the shipping rate's amount", async () => {
    const created = await run("checkout-session-paid-with-shipping");
    const session = await getCheckoutSession(test.db, { mode: "test", url: created.checkoutSessionUrl! });
    expect(session!.lineItemsAddUp).toBe(false);
    const rate = sandbox.store.get("test", "shippingRates", session!.metadata!.shippingRateId!)!;
    expect(session!.amountTotal - session!.lineItemsTotal!).toBe(rate.amount);
    const mismatched = await listCheckoutSessions(test.db, { mode: "test", mismatchedOnly: true }, { limit: 10 });
    expect(mismatched.items.map((s) => s.url)).toEqual([created.checkoutSessionUrl]);
  });
});
