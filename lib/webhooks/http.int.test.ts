import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { connectDatabase } from "@/db";
import { eventSubjects, paymentIntents, webhookEvents } from "@/db/schema";
import { freshTestDatabase } from "@/scripts/test/database";
import { handleWebhookRequest } from "./http";
import { deferred, failed, succeeded, transfer } from "./test-events";

// The "Bad input" table of the webhook issue, row by row, through the same function the route calls.

const test = freshTestDatabase();
const SECRET = "whsec_test_0123456789abcdef";

function post(body: string | object, headers: Record<string, string> = { "x-webhook-secret": SECRET }) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return handleWebhookRequest(new Request("http://app/api/webhooks/test", { method: "POST", headers, body: text }), "test", SECRET, () => test.db);
}
const rows = () => test.db.select().from(webhookEvents).orderBy(webhookEvents.id);

describe("POST /api/webhooks/test", () => {
  it("refuses a missing or wrong secret with 401 and stores nothing", async () => {
    const before = (await rows()).length;
    expect((await post(succeeded("pi_secret"), {})).status).toBe(401);
    expect((await post(succeeded("pi_secret"), { "x-webhook-secret": "whsec_wrong" })).status).toBe(401);
    expect((await post(succeeded("pi_secret"), { "x-webhook-secret": `${SECRET}x` })).status).toBe(401);
    expect(await rows()).toHaveLength(before);
  });

  it("refuses a body over 1 MiB with 413 and stores nothing", async () => {
    const before = (await rows()).length;
    const big = JSON.stringify({ type: "payment-intent.succeeded", data: { padding: "x".repeat(1024 * 1024) } });
    expect((await post(big)).status).toBe(413);
    expect(await rows()).toHaveLength(before);
  });

  it("stores a body that is not JSON as invalid, raw body kept, and answers 2xx", async () => {
    const response = await post("type=payment-intent.succeeded&id=pi_1");
    expect(response.status).toBe(200);
    const [row] = await test.db.select().from(webhookEvents).where(eq(webhookEvents.id, (await response.json()).id));
    expect(row).toMatchObject({ status: "invalid", rawBody: "type=payment-intent.succeeded&id=pi_1", payload: null });
    expect(row!.error).toMatch(/not JSON/);
  });

  it("stores JSON without type/data, or failing its schema, as invalid with the reasons", async () => {
    const noType = await (await post({ hello: "world" })).json();
    const bad = await (await post({ type: "payment-intent.succeeded", data: { id: "pi_bad", amount: "12.50" } })).json();
    const [a] = await test.db.select().from(webhookEvents).where(eq(webhookEvents.id, noType.id));
    const [b] = await test.db.select().from(webhookEvents).where(eq(webhookEvents.id, bad.id));
    expect(a).toMatchObject({ status: "invalid", payload: { hello: "world" } });
    expect(b).toMatchObject({ status: "invalid", type: "payment-intent.succeeded" });
    expect(b!.error).toMatch(/amount/);
    expect(b!.error).toMatch(/accountId/);
  });

  it("stores a body nested 100,000 levels deep as invalid with the reason, and answers 2xx (a retry cannot fix it)", async () => {
    const depth = 100_000;
    const arrays = "[".repeat(depth) + "]".repeat(depth);
    const inEvent = `{"type":"payment-intent.succeeded","data":${'{"a":'.repeat(depth)}1${"}".repeat(depth)}}`;
    for (const body of [arrays, inEvent]) {
      const response = await post(body);
      expect(response.status).toBe(200);
      const [row] = await test.db.select().from(webhookEvents).where(eq(webhookEvents.id, (await response.json()).id));
      expect(row).toMatchObject({ status: "invalid", rawBody: body, payload: null });
      expect(row!.error).toMatch(/nested/);
    }
  });

  it("stores JSON that jsonb refuses (a number past numeric's range) as raw text with the reason, and answers 2xx", async () => {
    const body = '{"type":"refund.created","data":{"amount":1e200000}}';
    const response = await post(body);
    expect(response.status).toBe(200);
    const [row] = await test.db.select().from(webhookEvents).where(eq(webhookEvents.id, (await response.json()).id));
    expect(row).toMatchObject({ status: "unrecognized", rawBody: body, payload: null });
    expect(row!.error).toMatch(/not storable as jsonb/);
  });

  it("stores an unknown type as unrecognized", async () => {
    const result = await (await post({ type: "refund.created", data: { id: "re_1" } })).json();
    expect(result).toMatchObject({ status: "unrecognized", duplicate: false });
  });

  it("stores the same event sent three times, also concurrently, once with duplicate_count 2", async () => {
    const event = transfer("2026112100000000000000001");
    const results = await Promise.all([post(event), post(event), post(event)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const stored = await test.db.select().from(webhookEvents).where(eq(webhookEvents.dedupeKey, "mobile-transfer.received:2026112100000000000000001"));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.duplicateCount).toBe(2);
    const bodies = await Promise.all(results.map((r) => r.json()));
    expect(bodies.filter((b) => b.duplicate)).toHaveLength(2);
  });

  it("keeps an intent succeeded when its deferred event arrives late, and shows both in its timeline", async () => {
    await post(succeeded("pi_late"));
    await post(deferred("pi_late"));
    const [intent] = await test.db.select().from(paymentIntents).where(eq(paymentIntents.id, "pi_late"));
    expect(intent).toMatchObject({ status: "succeeded", amount: 1_500_000, conflict: null });
    const timeline = await test.db.select().from(eventSubjects).where(eq(eventSubjects.subjectId, "pi_late")).orderBy(eventSubjects.occurredAt);
    expect(timeline).toHaveLength(2);
  });

  it("stores a failure reported after success and flags it on the intent instead of applying it", async () => {
    await post(succeeded("pi_flag"));
    const result = await (await post(failed("pi_flag"))).json();
    expect(result.status).toBe("processed");
    const [intent] = await test.db.select().from(paymentIntents).where(eq(paymentIntents.id, "pi_flag"));
    expect(intent!.status).toBe("succeeded");
    expect(intent!.conflict).toMatch(/payment-intent.failed/);
  });

  it("stores a payload whose mode disagrees with the path as invalid", async () => {
    const live = deferred("pi_mode");
    live.data.mode = "live";
    const result = await (await post(live)).json();
    expect(result.status).toBe("invalid");
    expect(await test.db.select().from(paymentIntents).where(eq(paymentIntents.id, "pi_mode"))).toHaveLength(0);
  });

  it("answers 503 when the database cannot be reached, so the sender retries", async () => {
    const { db, client } = connectDatabase("postgres://nobody@127.0.0.1:1/none", { max: 1 });
    try {
      const response = await handleWebhookRequest(
        new Request("http://app/api/webhooks/test", { method: "POST", headers: { "x-webhook-secret": SECRET }, body: JSON.stringify(succeeded("pi_down")) }),
        "test",
        SECRET,
        () => db,
      );
      expect(response.status).toBe(503);
    } finally {
      await client.end();
    }
  });
});
