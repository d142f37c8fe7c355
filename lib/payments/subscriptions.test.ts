import { afterEach, describe, expect, it } from "vitest";
import { createPaymentClient, type PaymentClient } from "./client";
import { listSubscriptions } from "./subscriptions";
import { listMeta } from "./test-utils/fixtures";
import { sendJson, startLocalServer, type LocalServer } from "./test-utils/local-server";

// A customer's page lists their subscriptions: what goes out on the wire, and what is refused before it does.

const subscription = {
  id: "sub_01",
  mode: "test",
  status: "active",
  customerId: "cus_01",
  currency: "USD",
  description: "Membresía mensual",
  createdAt: "2026-11-01T12:00:00.000Z",
};

let server: LocalServer;
let client: PaymentClient;

async function start() {
  server = await startLocalServer((_req, res) => sendJson(res, 200, { data: [subscription], meta: listMeta }));
  client = createPaymentClient({ baseUrl: server.url, secretKey: "svc_test_secret_key_x", logger: () => {} });
}
afterEach(() => server?.close());

const sent = () => server.requests.map((r) => decodeURIComponent(r.url));

describe("listSubscriptions filters", () => {
  it("sends customerId and status with the page's limit and cursor", async () => {
    await start();
    const page = await listSubscriptions(client, { limit: 10, startingAfter: "sub_09", customerId: "cus_01", status: "past_due" });
    expect(sent()).toEqual(["/v1/subscriptions?limit=10&startingAfter=sub_09&status=past_due&customerId=cus_01"]);
    expect(page.items.map((s) => s.id)).toEqual(["sub_01"]);
  });

  it("treats empty filters as no filter", async () => {
    await start();
    await listSubscriptions(client, { customerId: "", status: undefined });
    expect(sent()).toEqual(["/v1/subscriptions?limit=10"]);
  });

  it("refuses an unknown status and a path-like customer id without calling the service", async () => {
    await start();
    // @ts-expect-error -- a status the app does not know, as a hand-edited URL could carry it
    await expect(listSubscriptions(client, { status: "paused" })).rejects.toMatchObject({ kind: "invalid_input" });
    await expect(listSubscriptions(client, { customerId: ".." })).rejects.toMatchObject({ kind: "invalid_input" });
    expect(server.requests).toHaveLength(0);
  });
});
