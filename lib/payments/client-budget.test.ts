import { describe, expect, it } from "vitest";
import { createCallBudget } from "./call-budget";
import { customerListSchema } from "./schemas";
import { customer, listMeta } from "./test-utils/fixtures";
import { createClientHarness } from "./test-utils/harness";
import { sendJson } from "./test-utils/local-server";

// The transport under a shared ceiling, over real HTTP: when each call reaches the server.

const { setup } = createClientHarness();
const list = { data: [customer], meta: listMeta };

describe("payment client under a call budget", () => {
  it("holds bulk reads to the ceiling while a page's read and a write sent in the middle go out ahead of them", async () => {
    const budget = createCallBudget({ perSecond: 10 });
    const arrived: { call: string; at: number }[] = [];
    const start = performance.now();
    const handler = (req: { method?: string; url?: string }, res: Parameters<typeof sendJson>[0]) => {
      arrived.push({ call: `${req.method} ${req.url}`, at: performance.now() - start });
      sendJson(res, 200, list);
    };
    const { client: bulk } = await setup(handler, { budget, priority: "bulk" });
    const { client: interactive } = await setup(handler, { budget });

    const exporting = Promise.all(Array.from({ length: 15 }, () => bulk.get("/v1/customers", customerListSchema)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await Promise.all([interactive.get("/v1/products", customerListSchema), interactive.post("/v1/refunds", customerListSchema, { amount: 1 })]);
    await exporting;
    const took = performance.now() - start;

    // Bulk: five at once (half the bucket is kept back), then ten a second: fifteen need over a second.
    expect(arrived.filter((call) => call.at < 250).length).toBeLessThanOrEqual(8);
    expect(took).toBeGreaterThan(900);
    // The page's read and the refund did not queue behind the bulk reads still waiting when they were asked for.
    const order = arrived.map((call) => call.call);
    const bulkAfter = (call: string) => order.slice(order.indexOf(call)).filter((c) => c === "GET /v1/customers").length;
    expect(bulkAfter("GET /v1/products")).toBeGreaterThanOrEqual(4);
    expect(bulkAfter("POST /v1/refunds")).toBeGreaterThanOrEqual(4);
  });
});
