import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, checkoutSessions, eventSubjects, mobileTransfers, operators, paymentIntents, renewalFailures, webhookEvents } from "@/db/schema";
import { freshTestDatabase } from "@/scripts/test/database";
import { receiveDelivery } from "./receive";
import { HANDLERS, type Handlers } from "./registry";
import { reprocessEvent } from "./reprocess";
import { checkout, deferred, failed, renewalFailed, renewalSucceeded, succeeded, transfer } from "./test-events";

// @smoke: the webhook receiver's projections into the read models.
const test = freshTestDatabase();
const send = (event: object, options?: Parameters<typeof receiveDelivery>[3]) => receiveDelivery(test.db, "test", JSON.stringify(event), options);
const subjectsOf = (eventId: number) => test.db.select().from(eventSubjects).where(eq(eventSubjects.eventId, eventId));

describe("projections", () => {
  it("links a payment event to its intent and customer, and a later status wins whatever order they come in", async () => {
    const first = await send(deferred("pi_a"));
    expect((await subjectsOf(first.id)).map((s) => `${s.subjectType}:${s.subjectId}`).sort()).toEqual(["customer:cus_ana", "payment_intent:pi_a"]);
    let [intent] = await test.db.select().from(paymentIntents).where(eq(paymentIntents.id, "pi_a"));
    expect(intent).toMatchObject({ status: "processing", amount: 1_500_000, currency: "CRC" });
    await send(failed("pi_a", "2026-11-21T15:05:00.000Z"));
    [intent] = await test.db.select().from(paymentIntents).where(eq(paymentIntents.id, "pi_a"));
    expect(intent).toMatchObject({ status: "requires_payment_method", lastError: { code: "declined" }, conflict: null });
    await send(succeeded("pi_a", "2026-11-21T15:09:00.000Z"));
    // An older failure arriving now changes nothing: the intent already succeeded later.
    await send(failed("pi_a", "2026-11-21T15:01:00.000Z"));
    [intent] = await test.db.select().from(paymentIntents).where(eq(paymentIntents.id, "pi_a"));
    expect(intent!.status).toBe("succeeded");
  });

  it("records a SINPE transfer once, with the sender's phone", async () => {
    await send(transfer("2026112199999999999999999", 2_000_000));
    const [row] = await test.db.select().from(mobileTransfers).where(eq(mobileTransfers.sinpeRefNumber, "2026112199999999999999999"));
    expect(row).toMatchObject({ mode: "test", amount: 2_000_000, originPhone: "8888-7777", source: "webhook", paymentIntentId: null });
  });

  it("tracks a failing renewal across attempts and resolves it when the subscription renews", async () => {
    await send(renewalFailed("sub_r", 1));
    await send(renewalFailed("sub_r", 2));
    let [failure] = await test.db.select().from(renewalFailures).where(eq(renewalFailures.subscriptionId, "sub_r"));
    expect(failure).toMatchObject({ attemptCount: 2, invoiceStatus: "open", resolvedAt: null, customerName: "Ana Mora Vargas" });
    // Attempt 1 delivered again late: the row keeps attempt 2.
    await send({ ...renewalFailed("sub_r", 1), data: { ...renewalFailed("sub_r", 1).data, description: "late" } });
    const success = await send(renewalSucceeded("sub_r"));
    [failure] = await test.db.select().from(renewalFailures).where(eq(renewalFailures.subscriptionId, "sub_r"));
    expect(failure).toMatchObject({ attemptCount: 2, resolvedByEventId: success.id });
    expect(failure!.resolvedAt).not.toBeNull();
  });

  it("resolves a failure that arrives after the success that recovered it", async () => {
    const success = await send(renewalSucceeded("sub_late"));
    await send(renewalFailed("sub_late", 1));
    const [failure] = await test.db.select().from(renewalFailures).where(eq(renewalFailures.subscriptionId, "sub_late"));
    expect(failure!.resolvedByEventId).toBe(success.id);
  });

  it("resolves a failure whatever the order when failure and recovery arrive at the same moment", async () => {
    const subscriptions = Array.from({ length: 20 }, (_, i) => `sub_race_${i}`);
    await Promise.all(subscriptions.flatMap((id) => [send(renewalFailed(id, 1)), send(renewalSucceeded(id))]));
    const rows = await test.db.select().from(renewalFailures).where(sql`${renewalFailures.subscriptionId} like 'sub_race_%'`);
    expect(rows).toHaveLength(20);
    expect(rows.filter((row) => row.resolvedAt === null)).toEqual([]);
  });

  it("leaves an uncollectible renewal unrecovered", async () => {
    await send(renewalFailed("sub_dead", 4, "uncollectible"));
    await send(renewalSucceeded("sub_dead"));
    const [failure] = await test.db.select().from(renewalFailures).where(eq(renewalFailures.subscriptionId, "sub_dead"));
    expect(failure).toMatchObject({ invoiceStatus: "uncollectible", resolvedAt: null, subscriptionStatus: "unpaid" });
  });

  it("stores a paid checkout session with its line items", async () => {
    const result = await send(checkout("https://checkout.example/cs_9"));
    const [session] = await test.db.select().from(checkoutSessions).where(eq(checkoutSessions.url, "https://checkout.example/cs_9"));
    expect(session).toMatchObject({ amountTotal: 2_500_000, paymentStatus: "paid", customerId: "cus_ana", eventId: result.id });
    expect(session!.lineItems).toHaveLength(2);
  });

  it("stores a renewal event whose locked projection throws as failed, rolls it back, and leaves every connection usable", async () => {
    const failing = {
      ...HANDLERS,
      "subscription.renewal.failed": {
        ...HANDLERS["subscription.renewal.failed"],
        projection: () => sql`insert into renewal_failures (mode) select 'test' from ev`,
      },
    } as Handlers;
    // More than the pool's connections, so a connection left inside an aborted transaction would fail a later send.
    const results = await Promise.all(Array.from({ length: 24 }, (_, i) => send(renewalFailed(`sub_broken_${i}`, 1), { handlers: failing })));
    expect(results.map((r) => r.status)).toEqual(Array(24).fill("failed"));
    expect(await test.db.select().from(renewalFailures).where(sql`${renewalFailures.subscriptionId} like 'sub_broken_%'`)).toHaveLength(0);
    const after = await Promise.all(Array.from({ length: 24 }, (_, i) => send(renewalFailed(`sub_fine_${i}`, 1))));
    expect(after.map((r) => r.status)).toEqual(Array(24).fill("processed"));
  });

  it("stores an event whose projection throws as failed, and re-processing after the fix applies it, audited", async () => {
    // A projection the database refuses, as a bug in one would be.
    const broken = { ...HANDLERS, "payment-intent.succeeded": { ...HANDLERS["payment-intent.succeeded"], projection: () => sql`insert into payment_intents (mode, id, status, status_rank, last_event_at) select 'test', ev.id::text, null, 1, now() from ev` } } as Handlers;
    const result = await send(succeeded("pi_fix"), { handlers: broken });
    expect(result.status).toBe("failed");
    const [stored] = await test.db.select().from(webhookEvents).where(eq(webhookEvents.id, result.id));
    expect(stored!.error).toMatch(/^projection failed: null value in column "status"/);
    expect(await test.db.select().from(paymentIntents).where(eq(paymentIntents.id, "pi_fix"))).toHaveLength(0);
    expect(await subjectsOf(result.id)).toHaveLength(0);

    const [operator] = await test.db.insert(operators).values({ email: "ops@example.com", name: "Ops", passwordHash: "x", role: "operator" }).returning();
    const outcome = await reprocessEvent(test.db, { mode: "test", id: result.id, actor: { operatorId: operator!.id, label: operator!.email } });
    expect(outcome).toEqual({ ok: true, status: "processed", error: null });
    const [intent] = await test.db.select().from(paymentIntents).where(eq(paymentIntents.id, "pi_fix"));
    expect(intent!.status).toBe("succeeded");
    const [audit] = await test.db.select().from(auditLog).where(and(eq(auditLog.action, "webhook_event.reprocess"), eq(auditLog.subjectId, String(result.id))));
    expect(audit).toMatchObject({ operatorId: operator!.id, before: { status: "failed" }, after: { status: "processed" } });
    // Processed events are not re-run.
    expect(await reprocessEvent(test.db, { mode: "test", id: result.id, actor: { operatorId: operator!.id, label: "x" } })).toEqual({ ok: false, reason: "not_reprocessable" });
    // Nor are the other mode's.
    const [row] = await test.db.select().from(webhookEvents).where(eq(webhookEvents.id, result.id));
    expect(await reprocessEvent(test.db, { mode: "live", id: row!.id, actor: { operatorId: operator!.id, label: "x" } })).toEqual({ ok: false, reason: "not_found" });
  });
});
