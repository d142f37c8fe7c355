import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { overviewPeriods } from "@/lib/local-days";
import { getHistory } from "@/db/queries/timeline";
import { recordFollowUp } from "@/lib/renewals/follow-up";
import { FOLLOW_UP_ACTIONS } from "@/lib/renewals/states";
import { renewalRow } from "@/lib/sync/transforms";
import { receiveDelivery } from "@/lib/webhooks/receive";
import { renewalFailed, renewalSucceeded } from "@/lib/webhooks/test-events";
import { freshTestDatabase } from "@/scripts/test/database";
import { insertOperator } from "./operators";
import { countRenewalFailures, getDailyFailures, getFailureTotals, listRenewalFailures } from "./renewal-failures";
import { upsertSyncedRows } from "./sync";

// The workspace's reads over what real deliveries and a real sync write: each state from either source, the money at
// risk per currency, the chart's days, and the follow-up's writes with their audit rows on the subscription's timeline.

const test = freshTestDatabase();
const send = (event: object, mode: "test" | "live" = "test") => receiveDelivery(test.db, mode, JSON.stringify(event));

/** A failure of another subscription and currency (the fixtures' are CRC). */
const failedIn = (subscriptionId: string, attempt: number, currency: string, status = "open") => {
  const event = renewalFailed(subscriptionId, attempt, status);
  return { ...event, data: { ...event.data, currency } };
};

/** The synced invoice of the fixtures' period (2026-11-01) for a subscription. */
const synced = (subscriptionId: string, status: string, total: number, currency = "CRC") =>
  renewalRow(
    { id: `inv_${subscriptionId}`, status, subscriptionId, customerId: "cus_ana", paymentIntentId: "", currency, total, periodStart: "2026-11-01T00:00:00.000Z", periodEnd: "2026-12-01T00:00:00.000Z", attemptCount: 1, nextPaymentAttempt: null, createdAt: "2026-11-01T00:00:00.000Z" } as never,
    "test",
    "2026-11-03T12:00:00.000Z",
  );

describe("failed renewals", () => {
  it("derives each state from the events and the synced renewal, and sums what is at risk per currency", async () => {
    await send(renewalFailed("sub_retry", 2)); // retrying
    await send(renewalFailed("sub_gave_up", 4, "uncollectible")); // exhausted by the event
    await send(renewalFailed("sub_back", 1));
    await send(renewalSucceeded("sub_back")); // recovered by the success event
    await send(renewalFailed("sub_paid", 1)); // recovered by the synced renewal
    await send(renewalFailed("sub_void", 1)); // exhausted by the synced renewal
    await send(failedIn("sub_usd", 1, "USD")); // retrying, in dollars
    await send(renewalFailed("sub_live", 1), "live");
    await upsertSyncedRows(test.db, "renewals", [
      synced("sub_retry", "open", 1_500_000),
      synced("sub_gave_up", "uncollectible", 2_000_000),
      synced("sub_back", "open", 900_000),
      synced("sub_paid", "paid", 700_000),
      synced("sub_void", "void", 300_000),
      synced("sub_usd", "open", 4_999, "USD"),
    ]);

    const { items } = await listRenewalFailures(test.db, { mode: "test" }, { limit: 25 });
    const state = Object.fromEntries(items.map((row) => [row.subscriptionId, row.state]));
    expect(state).toEqual({ sub_retry: "retrying", sub_gave_up: "exhausted", sub_back: "recovered", sub_paid: "recovered", sub_void: "exhausted", sub_usd: "retrying" });
    // Soonest retry first; those with none after them.
    expect(items.slice(0, 2).map((row) => row.subscriptionId).sort()).toEqual(["sub_retry", "sub_usd"]);
    const paid = items.find((row) => row.subscriptionId === "sub_paid")!;
    expect(paid.stateChangedAt).toEqual(new Date("2026-11-03T12:00:00.000Z"));
    const retry = items.find((row) => row.subscriptionId === "sub_retry")!;
    expect(retry).toMatchObject({ amount: 1_500_000, currency: "CRC", attempts: 2, customerEmail: "ana@example.com", customerPhone: "+50688887777", errorCode: "declined" });

    const totals = await getFailureTotals(test.db, { mode: "test", monthStart: new Date("2026-11-01T06:00:00Z") });
    // At risk: retrying + exhausted only (1 500 000 + 2 000 000 + 300 000 in colones), never a recovered one.
    expect(totals.find((row) => row.currency === "CRC")).toMatchObject({ retrying: 1, exhausted: 2, atRisk: "3800000", recovered: 2 });
    expect(totals.find((row) => row.currency === "USD")).toMatchObject({ retrying: 1, exhausted: 0, atRisk: "4999" });

    expect(await countRenewalFailures(test.db, { mode: "test", state: "exhausted" })).toBe(2);
    expect(await countRenewalFailures(test.db, { mode: "test", currency: "usd" })).toBe(1);
    expect(await countRenewalFailures(test.db, { mode: "live" })).toBe(1);
    const byAmount = await listRenewalFailures(test.db, { mode: "test", state: "exhausted" }, { sort: "amount", limit: 1 });
    expect(byAmount).toMatchObject({ hasMore: true, items: [{ subscriptionId: "sub_gave_up" }] });

    // A failure whose renewal is not synced yet has no amount: counted apart, so the page can say the sum is unknown
    // rather than show 0 at risk (in live mode, which the later tests do not count).
    expect(totals.find((row) => row.currency === "CRC")).toMatchObject({ unpriced: 0, recoveredUnpriced: 0 });
    await send(failedIn("sub_gtq", 1, "GTQ"), "live");
    const live = await getFailureTotals(test.db, { mode: "live", monthStart: new Date("2026-11-01T06:00:00Z") });
    expect(live.find((row) => row.currency === "GTQ")).toMatchObject({ retrying: 1, atRisk: "0", unpriced: 1, recovered: 0, recoveredUnpriced: 0 });
  });

  it("counts failures on the day they were first heard of and recoveries on the day they recovered", async () => {
    // The days end on the one the first test's failures were first heard of (not on the clock's: 06:00 UTC may have passed
    // between the tests, and the last day would be the next one, with none).
    const [{ at }] = (await test.db.execute<{ at: string }>(sql`select max(first_failed_at) as at from renewal_failures where mode = 'test'`)) as unknown as [{ at: string }];
    const days = overviewPeriods(new Date(at), "America/Costa_Rica").days;
    const daily = await getDailyFailures(test.db, { mode: "test", days });
    expect(daily).toHaveLength(30);
    // Every failure of the first test was received today; sub_back recovered today (sub_paid's sync time is old).
    expect(daily.at(-1)).toMatchObject({ failed: 6, recovered: 1 });
  });

  it("records assignment, contact and promise with their audit rows, shown on the subscription's timeline; a viewer cannot", async () => {
    const ana = await insertOperator(test.db, { email: "ana@ops.test", name: "Ana Operadora", role: "operator", passwordHash: "x" });
    const vio = await insertOperator(test.db, { email: "vio@ops.test", name: "Vio Viewer", role: "viewer", passwordHash: "x" });
    const [{ id }] = (await test.db.execute<{ id: number }>(sql`select id from renewal_failures where subscription_id = 'sub_retry'`)) as unknown as [{ id: number }];
    const as = (actor: typeof ana) => ({ db: test.db, mode: "test" as const, actor });

    expect(await recordFollowUp(as(vio), "assign", { failureId: id, operatorId: vio.id })).toEqual({ ok: false, error: "forbidden" });
    // A refused input names its fields by code, for the dialog to word in the operator's language; never zod's English.
    expect(await recordFollowUp(as(ana), "contact", { failureId: id, kind: "shouted", note: "" })).toEqual({ ok: false, error: "invalid_input", fields: ["kind"] });
    expect(await recordFollowUp(as(ana), "contact", { failureId: "abc", kind: "called", note: "x".repeat(1001) })).toEqual({ ok: false, error: "invalid_input", fields: ["failureId", "note"] });
    expect(await recordFollowUp(as(ana), "assign", { failureId: id, operatorId: "x", extra: 1 })).toEqual({ ok: false, error: "invalid_input", fields: ["operatorId", "input"] });
    expect(JSON.stringify(await recordFollowUp(as(ana), "contact", { failureId: "abc", kind: 1, note: 2 }))).not.toMatch(/Invalid|expected|received/);
    // The promised day is a calendar day from 1970 to 9998 (0000-01-01 is no PostgreSQL date: it was a 500).
    for (const promisedBy of ["2026-02-30", "0000-01-01", "0050-01-01", "9999-12-31"]) {
      expect(await recordFollowUp(as(ana), "promise", { failureId: id, promisedBy }), promisedBy).toEqual({ ok: false, error: "invalid_input", fields: ["promisedBy"] });
    }
    expect(await recordFollowUp(as(ana), "assign", { failureId: 999_999, operatorId: null })).toEqual({ ok: false, error: "not_found" });
    // A viewer cannot be given a failure (the picker does not list them; a forged call names one); nor can an operator
    // who was disabled. Neither refusal writes anything.
    expect(await recordFollowUp(as(ana), "assign", { failureId: id, operatorId: vio.id })).toEqual({ ok: false, error: "not_assignable" });
    const off = await insertOperator(test.db, { email: "off@ops.test", name: "Off Operadora", role: "operator", passwordHash: "x" });
    await test.db.execute(sql`update operators set disabled = true where id = ${off.id}`);
    expect(await recordFollowUp(as(ana), "assign", { failureId: id, operatorId: off.id })).toEqual({ ok: false, error: "unknown_operator" });
    expect(await test.db.execute(sql`select 1 from audit_log where action = ${FOLLOW_UP_ACTIONS.assigned}`)).toHaveLength(0);

    expect(await recordFollowUp(as(ana), "assign", { failureId: id, operatorId: ana.id })).toEqual({ ok: true });
    expect(await recordFollowUp(as(ana), "contact", { failureId: id, kind: "called", note: "  Paga el viernes  " })).toEqual({ ok: true });
    expect(await recordFollowUp(as(ana), "promise", { failureId: id, promisedBy: "2026-11-27" })).toEqual({ ok: true });

    const { items } = await listRenewalFailures(test.db, { mode: "test", assignedTo: ana.id }, { limit: 25 });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ subscriptionId: "sub_retry", assignedName: "Ana Operadora", lastContactKind: "called", lastContactNote: "Paga el viernes", promisedBy: "2026-11-27" });
    expect(await countRenewalFailures(test.db, { mode: "test", assignedTo: "none" })).toBe(5);

    const history = await getHistory(test.db, { mode: "test", type: "subscription", id: "sub_retry" });
    const actions = history.filter((entry) => entry.kind === "operator");
    expect(actions.map((entry) => entry.kind === "operator" && entry.action)).toEqual([FOLLOW_UP_ACTIONS.assigned, FOLLOW_UP_ACTIONS.contacted, FOLLOW_UP_ACTIONS.promised]);
    expect(actions.map((entry) => entry.kind === "operator" && [entry.assigneeName, entry.contact, entry.note, entry.promisedBy, entry.actor])).toEqual([
      ["Ana Operadora", null, null, null, "ana@ops.test"],
      [null, "called", "Paga el viernes", null, "ana@ops.test"],
      [null, null, null, "2026-11-27", "ana@ops.test"],
    ]);
  });
});
