import { expect, test } from "@playwright/test";
import { e2eState } from "./state";

// The webhook endpoint through the real route and proxy of the production build (the row-by-row rules are in
// lib/webhooks/http.int.test.ts; these are the ones only the route decides, and the whole path once).

const transfer = (ref: string) => ({
  type: "mobile-transfer.received",
  data: { amount: 250000, currency: "CRC", description: "Pago", SINPERefNumber: ref, originId: "3-101-123456", originName: "Soda La Esquina", originPhone: "8888-1111", authorizationDate: "2026-11-21T15:00:00.000Z" },
});

test("an unknown mode in the path is 404; a wrong secret is 401; the right one is stored once however often it is sent", { tag: "@smoke" }, async ({ request }) => {
  const { secrets } = e2eState();
  const headers = { "x-webhook-secret": secrets.WEBHOOK_SECRET_TEST! };
  expect((await request.post("/api/webhooks/staging", { headers, data: transfer("2026112100000000000000501") })).status()).toBe(404);
  expect((await request.post("/api/webhooks/test", { headers: { "x-webhook-secret": "nope" }, data: transfer("2026112100000000000000501") })).status()).toBe(401);
  // The live secret does not open the test endpoint.
  expect((await request.post("/api/webhooks/test", { headers: { "x-webhook-secret": secrets.WEBHOOK_SECRET_LIVE! }, data: transfer("2026112100000000000000501") })).status()).toBe(401);

  const first = await (await request.post("/api/webhooks/test", { headers, data: transfer("2026112100000000000000502") })).json();
  const again = await (await request.post("/api/webhooks/test", { headers, data: transfer("2026112100000000000000502") })).json();
  expect(first).toMatchObject({ received: true, status: "processed", duplicate: false });
  expect(again).toMatchObject({ received: true, id: first.id, duplicate: true });
});

test("a body over 1 MiB is refused with 413", async ({ request }) => {
  const { secrets } = e2eState();
  const response = await request.post("/api/webhooks/test", {
    headers: { "x-webhook-secret": secrets.WEBHOOK_SECRET_TEST!, "content-type": "application/json" },
    data: JSON.stringify({ type: "x", data: { padding: "x".repeat(1024 * 1024) } }),
  });
  expect(response.status()).toBe(413);
});
