import { afterEach, describe, expect, it } from "vitest";
import { createPaymentClient, type PaymentClient } from "./client";
import { listPaymentIntents } from "./payment-intents";
import { listMeta, paymentIntent } from "./test-utils/fixtures";
import { sendJson, startLocalServer, type LocalServer } from "./test-utils/local-server";

// The Payments list filters by status and customer: what goes out on the wire, and what is refused before it does.

let server: LocalServer;
let client: PaymentClient;

async function start() {
  server = await startLocalServer((_req, res) => sendJson(res, 200, { data: [paymentIntent], meta: listMeta }));
  client = createPaymentClient({ baseUrl: server.url, secretKey: "svc_test_secret_key_x", logger: () => {} });
}
afterEach(() => server?.close());

const sent = () => server.requests.map((r) => decodeURIComponent(r.url));

describe("listPaymentIntents filters", () => {
  it("sends status and customerId with the page's cursor and createdAt bounds", async () => {
    await start();
    await listPaymentIntents(client, {
      limit: 25,
      startingAfter: "pi_09",
      createdAt: { gte: "2026-11-01T06:00:00Z", lt: "2026-11-02T06:00:00Z" },
      status: "succeeded",
      customerId: "cus_01",
    });
    expect(sent()).toEqual([
      "/v1/payment-intents/account?limit=25&startingAfter=pi_09&createdAt[gte]=2026-11-01T06:00:00.000Z&createdAt[lt]=2026-11-02T06:00:00.000Z&status=succeeded&customerId=cus_01",
    ]);
  });

  it("treats empty filters as no filter", async () => {
    await start();
    await listPaymentIntents(client, { status: undefined, customerId: "" });
    expect(sent()).toEqual(["/v1/payment-intents/account?limit=10"]);
  });

  it("refuses an unknown status and a path-like customer id without calling the service", async () => {
    await start();
    // @ts-expect-error -- a status the app does not know, as a hand-edited URL could carry it
    await expect(listPaymentIntents(client, { status: "settled" })).rejects.toMatchObject({ kind: "invalid_input" });
    await expect(listPaymentIntents(client, { customerId: ".." })).rejects.toMatchObject({ kind: "invalid_input" });
    expect(server.requests).toHaveLength(0);
  });
});
