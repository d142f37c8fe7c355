import { describe, expect, it } from "vitest";
import { listMeta, paymentIntent } from "@/lib/payments/test-utils/fixtures";
import { createClientHarness } from "@/lib/payments/test-utils/harness";
import { sendJson } from "@/lib/payments/test-utils/local-server";
import { fetchSyncPage } from "./fetch";
import { RESOURCES } from "./resources";

const harness = createClientHarness();

describe("fetching a sync page", () => {
  it("waits out a 429's Retry-After longer than the client's own limit, then reads the page", async () => {
    const { client, server } = await harness.setup((_req, res, index) =>
      index === 0 ? sendJson(res, 429, { statusCode: 429, message: "Too many requests" }, { "retry-after": "20" }) : sendJson(res, 200, { data: [paymentIntent], meta: listMeta }),
    );
    const waits: number[] = [];
    const page = await fetchSyncPage(client, RESOURCES.payments, {}, async (ms) => void waits.push(ms));
    expect(waits).toEqual([20_000]);
    expect(page.data).toHaveLength(1);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]!.url).toBe("/v1/payment-intents/account?limit=100");
  });

  it("gives up on a Retry-After over a minute: the queue retries the job later", async () => {
    const { client } = await harness.setup((_req, res) => sendJson(res, 429, { statusCode: 429, message: "Too many requests" }, { "retry-after": "600" }));
    const waits: number[] = [];
    await expect(fetchSyncPage(client, RESOURCES.payments, {}, async (ms) => void waits.push(ms))).rejects.toMatchObject({ status: 429 });
    expect(waits).toEqual([]);
  });
});
