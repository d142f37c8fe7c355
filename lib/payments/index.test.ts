import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sendJson, startLocalServer, type LocalServer } from "./test-utils/local-server";

const TEST_KEY = "svc_test_secret_key_index_7c1e";
let server: LocalServer;

// lib/env.ts caches the parsed environment, so each test loads the modules afresh with its own variables.
async function load(variables: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(variables)) vi.stubEnv(name, value);
  return import("./index");
}

beforeEach(async () => {
  server = await startLocalServer((_req, res) =>
    sendJson(res, 200, { data: [], meta: { total: 0, pages: 0, limit: 10, cursorNext: null, cursorBefore: null } }),
  );
});
afterEach(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  await server.close();
});

describe("getPaymentClient", () => {
  it("calls the configured service with the mode's key and logs without it", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const payments = await load({ PAYMENT_API_URL: server.url, PAYMENT_SECRET_KEY_TEST: TEST_KEY, PAYMENT_SECRET_KEY_LIVE: "", LOG_LEVEL: "info" });
    const client = payments.getPaymentClient("test");
    expect(payments.getPaymentClient("test")).toBe(client);
    const page = await payments.listCustomers(client);
    expect(page).toEqual({ items: [], total: 0 });
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${TEST_KEY}`);
    expect(info).toHaveBeenCalledTimes(1);
    expect(String(info.mock.calls[0]?.[0])).toMatch(/^\[payments\] GET \/v1\/customers 200 \d+ms$/);
  });

  it("says which setting is missing when a mode has no key", async () => {
    const payments = await load({ PAYMENT_API_URL: server.url, PAYMENT_SECRET_KEY_TEST: TEST_KEY, PAYMENT_SECRET_KEY_LIVE: "" });
    let error: unknown;
    try {
      payments.getPaymentClient("live");
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(payments.PaymentServiceError);
    expect(error).toMatchObject({ kind: "not_configured", message: expect.stringContaining("PAYMENT_SECRET_KEY_LIVE") });
    expect(payments.errorCategory(error as InstanceType<typeof payments.PaymentServiceError>)).toBe("keys_misconfigured");
    expect(server.requests).toHaveLength(0);
  });

  it("waits PAYMENT_API_RETRY_DELAY_MS, not the default 250 ms step, before retrying a read the service failed", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "info").mockImplementation(() => {});
    await server.close();
    let calls = 0;
    server = await startLocalServer((_req, res) =>
      ++calls < 4
        ? sendJson(res, 503, { statusCode: 503, message: "Service Unavailable" })
        : sendJson(res, 200, { data: [], meta: { total: 0, pages: 0, limit: 10, cursorNext: null, cursorBefore: null } }),
    );
    const payments = await load({ PAYMENT_API_URL: server.url, PAYMENT_SECRET_KEY_TEST: TEST_KEY, PAYMENT_API_RETRY_DELAY_MS: "0" });
    const started = performance.now();
    expect(await payments.listCustomers(payments.getPaymentClient("test"))).toEqual({ items: [], total: 0 });
    // Three retries at the default step wait at least 125 + 250 + 500 ms.
    expect(server.requests).toHaveLength(4);
    expect(performance.now() - started).toBeLessThan(800);
  });

  it("keeps quiet below the configured log level", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const payments = await load({ PAYMENT_API_URL: server.url, PAYMENT_SECRET_KEY_TEST: TEST_KEY, LOG_LEVEL: "warn" });
    await payments.listCustomers(payments.getPaymentClient("test"));
    expect(info).not.toHaveBeenCalled();
  });
});
