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
  it("holds bulk reads to the ceiling while a page's read and a write sent in the middle arrive at once", async () => {
    const budget = createCallBudget({ perSecond: 10 });
    const arrived: { method: string; at: number }[] = [];
    const start = performance.now();
    const handler = (req: { method?: string }, res: Parameters<typeof sendJson>[0]) => {
      arrived.push({ method: req.method!, at: performance.now() - start });
      sendJson(res, 200, list);
    };
    const { client: bulk } = await setup(handler, { budget, priority: "bulk" });
    const { client: interactive } = await setup(handler, { budget });

    const exporting = Promise.all(Array.from({ length: 15 }, () => bulk.get("/v1/customers", customerListSchema)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const asked = performance.now() - start;
    await Promise.all([interactive.get("/v1/customers", customerListSchema), interactive.post("/v1/refunds", customerListSchema, { amount: 1 })]);
    const answered = performance.now() - start;
    await exporting;

    // The page's read and the refund went out at once, though ten bulk reads were still queued.
    expect(answered - asked).toBeLessThan(150);
    expect(arrived.filter((call) => call.at >= asked && call.at < asked + 150).map((call) => call.method)).toEqual(expect.arrayContaining(["GET", "POST"]));
    // Bulk: five at once (half the bucket is kept back), then ten a second less what the page took: 15 need over 1 s.
    const bulkDone = performance.now() - start;
    expect(arrived.filter((call) => call.at < 250).length).toBeLessThanOrEqual(8);
    expect(bulkDone).toBeGreaterThan(1000);
  });
});
