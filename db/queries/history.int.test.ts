import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { receiveDelivery } from "@/lib/webhooks/receive";
import { failed, renewalFailed, renewalSucceeded, succeeded } from "@/lib/webhooks/test-events";
import { freshTestDatabase } from "@/scripts/test/database";
import { auditLog, operators } from "../schema";
import { getRenewalEventForIntent } from "./renewal-links";
import { getHistory, operatorActionsQuery } from "./timeline";

// EXPLAIN takes no bind parameters: the test's own literals are inlined.
const inline = (text: string, params: unknown[]) => text.replace(/\$(\d+)/g, (_, n: string) => `'${String(params[Number(n) - 1]).replaceAll("'", "''")}'`);

// What a payment's page reads of its local history: the service's events with the operators' actions merged in, and
// the renewal an intent charged.

const test = freshTestDatabase();
const send = (event: object, mode: "test" | "live" = "test") => receiveDelivery(test.db, mode, JSON.stringify(event));

async function refundAudit(intentId: string, at: string, over: Partial<typeof auditLog.$inferInsert> = {}) {
  const [operator] = await test.db
    .insert(operators)
    .values({ email: `op-${Math.random()}@example.com`, name: "Óscar Jiménez", passwordHash: "x", role: "operator" })
    .returning();
  await test.db.insert(auditLog).values({
    operatorId: operator!.id,
    actor: operator!.email,
    action: "refund.create",
    subjectType: "payment_intent",
    subjectId: intentId,
    mode: "test",
    before: { amount: 1_500_000, amountRefunded: 0 },
    after: { amount: 500_000, currency: "CRC", reason: "duplicate", refundId: "ref_1" },
    at: new Date(at),
    ...over,
  });
}

describe("getHistory", () => {
  it("puts an operator's refund between the events, in time order, with who did it and what", async () => {
    await send(failed("pi_h", "2026-11-21T17:00:00.000Z"));
    await send(succeeded("pi_h", "2026-11-21T15:00:00.000Z"));
    await refundAudit("pi_h", "2026-11-21T16:00:00.000Z");
    const history = await getHistory(test.db, { mode: "test", type: "payment_intent", id: "pi_h" });
    expect(history.map((entry) => entry.kind)).toEqual(["event", "operator", "event"]);
    expect(history[1]).toMatchObject({ kind: "operator", action: "refund.create", operatorName: "Óscar Jiménez", amount: "500000", currency: "CRC", reason: "duplicate", reference: "ref_1" });
  });

  it("orders by time whichever table a line comes from, and keeps the other mode's and other objects' actions out", async () => {
    await send(succeeded("pi_o", "2026-11-21T15:00:00.000Z"));
    await refundAudit("pi_o", "2026-11-21T14:00:00.000Z", { action: "refund.refused", after: { amount: 9, currency: "CRC", error: { code: "refunds.amount_exceeds_remaining" } } });
    await refundAudit("pi_o", "2026-11-21T17:00:00.000Z", { mode: "live" });
    await refundAudit("pi_other", "2026-11-21T17:00:00.000Z");
    const history = await getHistory(test.db, { mode: "test", type: "payment_intent", id: "pi_o" });
    expect(history.map((entry) => (entry.kind === "event" ? entry.type : entry.action))).toEqual(["refund.refused", "payment-intent.succeeded"]);
    expect(history[0]).toMatchObject({ errorCode: "refunds.amount_exceeds_remaining" });
  });

  it("reads the operator actions through the subject index", async () => {
    // A few rows make any plan cheap; with sequential scans priced out, only a usable index avoids one.
    const plan = await test.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = operatorActionsQuery(tx, { mode: "test", type: "payment_intent", id: "pi_h" }).toSQL();
      return tx.execute(sql`explain ${sql.raw(inline(query.sql, query.params))}`);
    });
    const text = JSON.stringify(plan);
    expect(text).toContain("audit_log_subject_idx");
    expect(text).not.toContain("Seq Scan on audit_log");
  });
});

describe("getRenewalEventForIntent", () => {
  it("finds the renewal an intent paid or failed, from the renewal events filed under it", async () => {
    await send(renewalFailed("sub_r", 2));
    await send(renewalSucceeded("sub_r"));
    expect(await getRenewalEventForIntent(test.db, { mode: "test", paymentIntentId: "pi_renewal_ok" })).toMatchObject({
      type: "subscription.renewal.succeeded",
      subscriptionId: "sub_r",
      periodStart: "2026-11-01T00:00:00.000Z",
    });
    // A failure's renewal is the invoice period it tried to charge, not the subscription's current period.
    expect(await getRenewalEventForIntent(test.db, { mode: "test", paymentIntentId: "pi_renewal_2" })).toMatchObject({
      type: "subscription.renewal.failed",
      periodStart: "2026-11-01T00:00:00.000Z",
      periodEnd: "2026-12-01T00:00:00.000Z",
      attemptCount: "2",
    });
    expect(await getRenewalEventForIntent(test.db, { mode: "live", paymentIntentId: "pi_renewal_ok" })).toBeNull();
    await send(succeeded("pi_plain"));
    expect(await getRenewalEventForIntent(test.db, { mode: "test", paymentIntentId: "pi_plain" })).toBeNull();
  });
});
