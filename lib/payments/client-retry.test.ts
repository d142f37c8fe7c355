import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createPaymentClient } from "./client";
import { errorCategory } from "./error-messages";
import type { CallLog } from "./log";
import { customerListSchema } from "./schemas";
import { customer, listMeta } from "./test-utils/fixtures";
import { TEST_SECRET_KEY as KEY, failure, createClientHarness } from "./test-utils/harness";
import { inSequence, sendJson, startLocalServer } from "./test-utils/local-server";

const list = { data: [customer], meta: listMeta };
const unavailable = { statusCode: 503, message: "Service Unavailable", error: "Service Unavailable" };
const { setup } = createClientHarness();

describe("payment client retries", () => {
  it("retries a GET after a 503 and returns the success, waiting a jittered backoff", async () => {
    const { server, client, logs, waits } = await setup(inSequence((res) => sendJson(res, 503, unavailable), (res) => sendJson(res, 200, list)));
    const result = await client.get("/v1/customers", customerListSchema);
    expect(result.meta.total).toBe(42);
    expect(server.requests).toHaveLength(2);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(125);
    expect(waits[0]).toBeLessThanOrEqual(250);
    expect(logs.map((entry) => [entry.status, entry.attempt])).toEqual([[503, 1], [200, 2]]);
  });

  it("waits what Retry-After asks, in seconds or as an HTTP date", async () => {
    const soon = new Date(Date.now() + 3_000).toUTCString();
    const { client, waits } = await setup(
      inSequence(
        (res) => sendJson(res, 429, { statusCode: 429, message: "Too Many Requests" }, { "retry-after": "2" }),
        (res) => sendJson(res, 503, unavailable, { "retry-after": soon }),
        (res) => sendJson(res, 200, list),
      ),
    );
    await client.get("/v1/customers", customerListSchema);
    expect(waits[0]).toBe(2000);
    expect(waits[1]).toBeGreaterThan(1000);
    expect(waits[1]).toBeLessThanOrEqual(3000);
  });

  it("gives up at once when Retry-After asks for longer than the cap, telling how long", async () => {
    const { server, client, waits } = await setup((_req, res) => sendJson(res, 429, { statusCode: 429 }, { "retry-after": "60" }));
    const error = await failure(client.get("/v1/customers", customerListSchema));
    expect(server.requests).toHaveLength(1);
    expect(waits).toEqual([]);
    expect(error).toMatchObject({ status: 429, retryAfterMs: 60_000 });
    expect(errorCategory(error)).toBe("rate_limited");
  });

  it("stops after maxRetries with the last error", async () => {
    const { server, client, waits } = await setup((_req, res) => sendJson(res, 503, unavailable), { maxRetries: 3 });
    const error = await failure(client.get("/v1/customers", customerListSchema));
    expect(server.requests).toHaveLength(4);
    expect(waits).toHaveLength(3);
    expect(waits.every((ms) => ms <= 5000)).toBe(true);
    expect(error.status).toBe(503);
    expect(errorCategory(error)).toBe("unavailable");
  });

  it("doubles baseDelayMs from one retry to the next, jittered within the upper half of each step", async () => {
    const { server, client, waits } = await setup((_req, res) => sendJson(res, 503, unavailable), { maxRetries: 3, baseDelayMs: 8 });
    await failure(client.get("/v1/customers", customerListSchema));
    expect(server.requests).toHaveLength(4);
    expect(waits).toHaveLength(3);
    [8, 16, 32].forEach((step, retry) => {
      expect(waits[retry]).toBeGreaterThanOrEqual(step / 2);
      expect(waits[retry]).toBeLessThanOrEqual(step);
    });
  });

  it("never retries a POST, even on a 503", async () => {
    const { server, client, waits } = await setup((_req, res) => sendJson(res, 503, unavailable));
    const error = await failure(client.post("/v1/refunds", z.object({ id: z.string() }), { paymentIntentId: "pi_01" }));
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.body).toBe('{"paymentIntentId":"pi_01"}');
    expect(server.requests[0]?.headers["content-type"]).toBe("application/json");
    expect(waits).toEqual([]);
    expect(error.status).toBe(503);
  });

  it("does not retry a 404, and reports its shape", async () => {
    const { server, client } = await setup((_req, res) => sendJson(res, 404, { statusCode: 404, message: "Customer not found", error: "Not Found" }));
    const error = await failure(client.get("/v1/customers/nope", customerListSchema));
    expect(server.requests).toHaveLength(1);
    expect(error).toMatchObject({ kind: "not_found", status: 404, messages: ["Customer not found"] });
  });

  it("retries a refused connection, then reports kind network", async () => {
    const closed = await startLocalServer(() => {});
    await closed.close();
    const logs: CallLog[] = [];
    const waits: number[] = [];
    const client = createPaymentClient({ baseUrl: closed.url, secretKey: KEY, logger: (e) => logs.push(e), sleep: async (ms) => void waits.push(ms), maxRetries: 2 });
    const error = await failure(client.get("/v1/customers", customerListSchema));
    expect(error.kind).toBe("network");
    expect(waits).toHaveLength(2);
    expect(logs.map((entry) => entry.status)).toEqual(["network_error", "network_error", "network_error"]);
  });
});
