import { describe, expect, it } from "vitest";
import { createPaymentClient } from "./client";
import { errorCategory } from "./error-messages";
import { formatCallLog } from "./log";
import { connectedAccountCreatedSchema, customerListSchema } from "./schemas";
import { connectedAccount, customer, listMeta, ONBOARDING_URL } from "./test-utils/fixtures";
import { TEST_SECRET_KEY as KEY, failure, createClientHarness } from "./test-utils/harness";
import { inSequence, sendJson } from "./test-utils/local-server";

const list = { data: [customer], meta: listMeta };
const { setup, server: startServer } = createClientHarness();

describe("payment client transport", () => {
  it("sends the bearer key and the query, parses the body and logs one line without the query", async () => {
    const { server, client, logs } = await setup((_req, res) => sendJson(res, 200, list));
    const result = await client.get("/v1/customers", customerListSchema, new URLSearchParams({ limit: "10", originId: "1-1234-5678" }));
    expect(result.data[0]?.id).toBe("cus_01");
    expect(server.requests[0]).toMatchObject({ method: "GET", url: "/v1/customers?limit=10&originId=1-1234-5678" });
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(logs).toEqual([{ method: "GET", path: "/v1/customers", status: 200, durationMs: expect.any(Number), attempt: 1 }]);
    expect(formatCallLog(logs[0]!)).toMatch(/^\[payments\] GET \/v1\/customers 200 \d+ms$/);
  });

  it("times out a slow response as kind timeout, without retrying", async () => {
    // 400 ms, not less: on a loaded machine a shorter timeout can expire before the request even reaches the server.
    const { server, client, logs } = await setup((_req, res) => void setTimeout(() => sendJson(res, 200, list), 3_000), { timeoutMs: 400 });
    const error = await failure(client.get("/v1/customers", customerListSchema));
    expect(error.kind).toBe("timeout");
    expect(error.status).toBeNull();
    expect(server.requests).toHaveLength(1);
    expect(logs[0]?.status).toBe("timeout");
    expect(errorCategory(error)).toBe("unavailable");
  });

  it("times out a body that never finishes", async () => {
    const { client } = await setup(
      (_req, res) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.write('{"data":[');
      },
      { timeoutMs: 100 },
    );
    expect((await failure(client.get("/v1/customers", customerListSchema))).kind).toBe("timeout");
  });

  it("turns a body that is not JSON or has the wrong shape into invalid_response", async () => {
    const { client } = await setup(
      inSequence(
        (res) => {
          res.writeHead(200, { "content-type": "text/html" });
          res.end("<html>maintenance</html>");
        },
        (res) => sendJson(res, 200, { data: [{ ...customer, amountSpent: "lots" }], meta: listMeta }),
      ),
    );
    const notJson = await failure(client.get("/v1/customers", customerListSchema));
    expect(notJson).toMatchObject({ kind: "invalid_response", status: 200 });
    const wrongShape = await failure(client.get("/v1/customers", customerListSchema));
    expect(wrongShape.kind).toBe("invalid_response");
    expect(wrongShape.issues?.[0]?.path).toEqual(["data", 0, "amountSpent"]);
    expect(wrongShape.message).toContain("data.0.amountSpent");
    expect(errorCategory(wrongShape)).toBe("invalid_response");
  });

  it("never logs the key or an onboardingUrl, nor puts them in an error", async () => {
    const created = { ...connectedAccount, onboardingUrl: ONBOARDING_URL };
    const { client, logs } = await setup(
      inSequence(
        (res) => sendJson(res, 201, created),
        (res) => sendJson(res, 201, { ...created, businessName: 42 }),
        (res) => sendJson(res, 403, { statusCode: 403, message: "Invalid API key", error: "Forbidden" }),
      ),
    );
    const account = await client.post("/v1/connected-accounts", connectedAccountCreatedSchema, { businessName: "Soda" });
    expect(account.onboardingUrl).toBe(ONBOARDING_URL);
    const invalid = await failure(client.post("/v1/connected-accounts", connectedAccountCreatedSchema, { businessName: "Soda" }));
    const forbidden = await failure(client.post("/v1/connected-accounts", connectedAccountCreatedSchema, { businessName: "Soda" }));
    const written = [...logs.map(formatCallLog), JSON.stringify(logs), invalid.message, String(invalid.body), forbidden.message, JSON.stringify(forbidden)];
    expect(logs).toHaveLength(3);
    for (const text of written) {
      expect(text).not.toContain(KEY);
      expect(text).not.toContain("tok_very_secret");
    }
  });

  it("does not follow a redirect, so the key never reaches another host", async () => {
    const elsewhere = await startServer((_req, res) => sendJson(res, 200, list));
    const { client } = await setup((_req, res) => {
      res.writeHead(302, { location: `${elsewhere.url}/v1/customers` });
      res.end();
    }, { maxRetries: 0 });
    const error = await failure(client.get("/v1/customers", customerListSchema));
    expect(error.kind).toBe("network");
    expect(elsewhere.requests).toHaveLength(0);
  });

  it("sends a POST's body whole, accented letters included, and keeps one connection open for the next calls", async () => {
    const { server, client } = await setup((req, res) => sendJson(res, 201, { ...connectedAccount, onboardingUrl: ONBOARDING_URL, businessName: JSON.parse(req.body).businessName }));
    const account = await client.post("/v1/connected-accounts", connectedAccountCreatedSchema, { businessName: "Café Ñandú" });
    expect(account.businessName).toBe("Café Ñandú");
    expect(server.requests[0]?.headers["content-type"]).toBe("application/json");
    for (let i = 0; i < 3; i++) await client.post("/v1/connected-accounts", connectedAccountCreatedSchema, { businessName: "Soda" });
    // Four calls, one connection: a new one per call costs a TCP handshake on both sides.
    expect(new Set(server.requests.map((request) => request.remotePort)).size).toBe(1);
  });

  it("joins a base URL with a trailing slash or a path prefix", async () => {
    const { server } = await setup((_req, res) => sendJson(res, 200, list));
    const client = createPaymentClient({ baseUrl: `${server.url}/api/`, secretKey: KEY, logger: () => {} });
    await client.get("/v1/customers", customerListSchema);
    expect(server.requests[0]?.url).toBe("/api/v1/customers");
  });
});
