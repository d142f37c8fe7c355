import { describe, expect, it } from "vitest";
import { listMeta, paymentIntent } from "@/lib/payments/test-utils/fixtures";
import { createClientHarness } from "@/lib/payments/test-utils/harness";
import { sendJson } from "@/lib/payments/test-utils/local-server";
import { fetchSyncPage, SYNC_CLIENT_OPTIONS } from "./fetch";
import { RESOURCES } from "./resources";

const harness = createClientHarness();
const tooMany = (retryAfter: string) => [429, { statusCode: 429, message: "Too many requests" }, { "retry-after": retryAfter }] as const;

describe("fetching a sync page with the sync's client", () => {
  it("waits out a 429's Retry-After longer than a page load's client would, then reads the page", async () => {
    const { client, server, waits } = await harness.setup(
      (_req, res, index) => (index === 0 ? sendJson(res, ...tooMany("20")) : sendJson(res, 200, { data: [paymentIntent], meta: listMeta })),
      SYNC_CLIENT_OPTIONS,
    );
    const page = await fetchSyncPage(client, RESOURCES.payments, {});
    expect(waits).toEqual([20_000]);
    expect(page.data).toHaveLength(1);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]!.url).toBe("/v1/payment-intents/account?limit=100");
  });

  it("gives up on a Retry-After over a minute: the queue retries the job later", async () => {
    const { client, waits } = await harness.setup((_req, res) => sendJson(res, ...tooMany("600")), SYNC_CLIENT_OPTIONS);
    await expect(fetchSyncPage(client, RESOURCES.payments, {})).rejects.toMatchObject({ status: 429 });
    expect(waits).toEqual([]);
  });

  it("gives up after the client's retries when the service keeps asking to wait", async () => {
    const { client, server, waits } = await harness.setup((_req, res) => sendJson(res, ...tooMany("30")), SYNC_CLIENT_OPTIONS);
    await expect(fetchSyncPage(client, RESOURCES.payments, {})).rejects.toMatchObject({ status: 429 });
    expect(waits).toEqual([30_000, 30_000, 30_000]);
    expect(server.requests).toHaveLength(4);
  });

  it("backs off on a 5xx and reads the page on the next try", async () => {
    const { client, waits } = await harness.setup(
      (_req, res, index) => (index === 0 ? sendJson(res, 503, { statusCode: 503, message: "unavailable" }) : sendJson(res, 200, { data: [paymentIntent], meta: listMeta })),
      { ...SYNC_CLIENT_OPTIONS, random: () => 0 },
    );
    expect((await fetchSyncPage(client, RESOURCES.payments, {})).data).toHaveLength(1);
    expect(waits).toEqual([125]);
  });
});
