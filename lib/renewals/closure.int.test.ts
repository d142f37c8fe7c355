import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertOperator } from "@/db/queries/operators";
import { getRenewalFailureSummary } from "@/db/queries/overview";
import { countRenewalFailures, getFailureTotals, listRenewalFailures } from "@/db/queries/renewal-failures";
import { upsertSyncedRows } from "@/db/queries/sync";
import { getHistory } from "@/db/queries/timeline";
import { recordFollowUp } from "@/lib/renewals/follow-up";
import { FOLLOW_UP_ACTIONS } from "@/lib/renewals/states";
import { renewalRow } from "@/lib/sync/transforms";
import { receiveDelivery } from "@/lib/webhooks/receive";
import { renewalFailed, renewalSucceeded } from "@/lib/webhooks/test-events";
import { freshTestDatabase } from "@/scripts/test/database";

// Closing a failed renewal by hand (paid by other means, cancelled, written off) and reopening it, over what real
// deliveries and a real sync write: the state "closed", out of the money at risk and the Overview's open counts,
// findable by its filter; the role read again inside the transaction; one audit row per write, none for a refusal; and
// the service's recovery afterwards winning over the closure, which stays on the row.

const test = freshTestDatabase();
const send = (event: object) => receiveDelivery(test.db, "test", JSON.stringify(event));
const MONTH = new Date("2026-11-01T06:00:00Z");

const synced = (subscriptionId: string, status: string, total: number) =>
  renewalRow(
    { id: `inv_${subscriptionId}`, status, subscriptionId, customerId: "cus_ana", paymentIntentId: "", currency: "CRC", total, periodStart: "2026-11-01T00:00:00.000Z", periodEnd: "2026-12-01T00:00:00.000Z", attemptCount: 1, nextPaymentAttempt: null, createdAt: "2026-11-01T00:00:00.000Z" } as never,
    "test",
    "2026-11-03T12:00:00.000Z",
  );

async function failureId(subscriptionId: string): Promise<number> {
  const [row] = (await test.db.execute<{ id: number }>(sql`select id from renewal_failures where subscription_id = ${subscriptionId}`)) as unknown as [{ id: number }];
  return Number(row.id);
}
const audits = async (action: string) => test.db.execute<{ actor: string; subject_id: string; before: Record<string, unknown>; after: Record<string, unknown> }>(sql`select actor, subject_id, before, after from audit_log where action = ${action} order by id`);
const stateOf = async (subscriptionId: string) => (await listRenewalFailures(test.db, { mode: "test" }, { limit: 50 })).items.find((row) => row.subscriptionId === subscriptionId)!;

describe("closing a failed renewal by hand", () => {
  it("closes an open failure with a reason and a note: out of the totals at risk and the Overview's counts, findable, audited, on the timeline", async () => {
    await send(renewalFailed("sub_cash", 2)); // retrying
    await send(renewalFailed("sub_keep", 1)); // retrying, stays open
    await send(renewalFailed("sub_gone", 4, "uncollectible")); // exhausted
    await upsertSyncedRows(test.db, "renewals", [synced("sub_cash", "open", 1_500_000), synced("sub_keep", "open", 700_000), synced("sub_gone", "uncollectible", 2_000_000)]);
    const ana = await insertOperator(test.db, { email: "ana@ops.test", name: "Ana Operadora", role: "operator", passwordHash: "x" });
    const as = { db: test.db, mode: "test" as const, actor: ana };

    expect(await getFailureTotals(test.db, { mode: "test", monthStart: MONTH })).toMatchObject([{ currency: "CRC", retrying: 2, exhausted: 1, atRisk: "4200000" }]);
    expect(await getRenewalFailureSummary(test.db, { mode: "test" })).toMatchObject({ retrying: 2, exhausted: 1 });

    const before = Date.now();
    expect(await recordFollowUp(as, "close", { failureId: await failureId("sub_cash"), reason: "paid_elsewhere", note: "  Pagó por transferencia el 20 de noviembre  " })).toEqual({ ok: true });
    expect(await recordFollowUp(as, "close", { failureId: await failureId("sub_gone"), reason: "written_off", note: "Incobrable" })).toEqual({ ok: true });

    const cash = await stateOf("sub_cash");
    expect(cash).toMatchObject({ state: "closed", closedByName: "Ana Operadora", closeReason: "paid_elsewhere", closeNote: "Pagó por transferencia el 20 de noviembre" });
    expect(cash.closedAt!.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    // The state's time is the closure's.
    expect(cash.stateChangedAt).toEqual(cash.closedAt);
    expect((await stateOf("sub_gone")).state).toBe("closed");

    // Neither is at risk any more, nor in the Overview's retrying/exhausted counts; the open one still is.
    expect(await getFailureTotals(test.db, { mode: "test", monthStart: MONTH })).toMatchObject([{ currency: "CRC", retrying: 1, exhausted: 0, atRisk: "700000", recovered: 0 }]);
    expect(await getRenewalFailureSummary(test.db, { mode: "test" })).toMatchObject({ retrying: 1, exhausted: 0 });
    // The list's filter finds them; by amount they come after every open one.
    expect(await countRenewalFailures(test.db, { mode: "test", state: "closed" })).toBe(2);
    const byAmount = await listRenewalFailures(test.db, { mode: "test" }, { sort: "amount", limit: 10 });
    expect(byAmount.items.map((row) => row.subscriptionId)).toEqual(["sub_keep", "sub_gone", "sub_cash"]);
    const byNext = await listRenewalFailures(test.db, { mode: "test" }, { limit: 10 });
    expect(byNext.items[0]!.subscriptionId).toBe("sub_keep");

    // One audit row per closure, under the subscription, with the reason and the note; shown on its timeline.
    const closed = await audits(FOLLOW_UP_ACTIONS.closed);
    expect(closed).toHaveLength(2);
    expect(closed[0]).toMatchObject({ actor: "ana@ops.test", subject_id: "sub_cash", before: { state: "retrying" }, after: { state: "closed", reason: "paid_elsewhere", note: "Pagó por transferencia el 20 de noviembre" } });
    expect(closed[1]).toMatchObject({ before: { state: "exhausted" }, after: { reason: "written_off" } });
    const history = (await getHistory(test.db, { mode: "test", type: "subscription", id: "sub_cash" })).filter((entry) => entry.kind === "operator");
    expect(history.map((entry) => entry.kind === "operator" && [entry.action, entry.reason, entry.note, entry.actor])).toEqual([
      [FOLLOW_UP_ACTIONS.closed, "paid_elsewhere", "Pagó por transferencia el 20 de noviembre", "ana@ops.test"],
    ]);
  });

  it("refuses a viewer, an operator demoted or disabled since the page loaded, an input without reason or note, and a second closure — writing nothing", async () => {
    const vio = await insertOperator(test.db, { email: "vio@ops.test", name: "Vio Viewer", role: "viewer", passwordHash: "x" });
    const eva = await insertOperator(test.db, { email: "eva@ops.test", name: "Eva Operadora", role: "operator", passwordHash: "x" });
    const ana = { db: test.db, mode: "test" as const, actor: (await test.db.execute<{ id: string; email: string; role: "operator" }>(sql`select id, email, role from operators where email = 'ana@ops.test'`))[0]! };
    const keep = await failureId("sub_keep");
    const input = { failureId: keep, reason: "cancelled", note: "Canceló la membresía en la oficina" };

    expect(await recordFollowUp({ db: test.db, mode: "test", actor: vio }, "close", input)).toEqual({ ok: false, error: "forbidden" });
    // The session said operator; the database says otherwise now (read again inside the transaction).
    await test.db.execute(sql`update operators set role = 'viewer' where id = ${eva.id}`);
    expect(await recordFollowUp({ db: test.db, mode: "test", actor: eva }, "close", input)).toEqual({ ok: false, error: "forbidden" });
    await test.db.execute(sql`update operators set role = 'operator', disabled = true where id = ${eva.id}`);
    expect(await recordFollowUp({ db: test.db, mode: "test", actor: eva }, "close", input)).toEqual({ ok: false, error: "forbidden" });

    expect(await recordFollowUp(ana, "close", { ...input, note: "   " })).toEqual({ ok: false, error: "invalid_input", fields: ["note"] });
    expect(await recordFollowUp(ana, "close", { failureId: keep, note: "x" })).toEqual({ ok: false, error: "invalid_input", fields: ["reason"] });
    expect(await recordFollowUp(ana, "close", { ...input, reason: "forgiven" })).toEqual({ ok: false, error: "invalid_input", fields: ["reason"] });
    expect(await recordFollowUp(ana, "reopen", { failureId: keep, note: "" })).toEqual({ ok: false, error: "invalid_input", fields: ["note"] });
    expect(await recordFollowUp(ana, "close", { ...input, failureId: 999_999 })).toEqual({ ok: false, error: "not_found" });
    // Reopening what is open; closing what is closed.
    expect(await recordFollowUp(ana, "reopen", { failureId: keep, note: "Por error" })).toEqual({ ok: false, error: "not_closed" });
    expect(await recordFollowUp(ana, "close", { ...input, failureId: await failureId("sub_cash") })).toEqual({ ok: false, error: "already_closed" });

    expect((await stateOf("sub_keep")).state).toBe("retrying");
    expect(await audits(FOLLOW_UP_ACTIONS.closed)).toHaveLength(2);
    expect(await audits(FOLLOW_UP_ACTIONS.reopened)).toHaveLength(0);
    // The table holds a closure to its reason and note even when written past this code.
    await expect(test.db.execute(sql`update renewal_failures set closed_at = now() where subscription_id = 'sub_keep'`)).rejects.toThrow();
  });

  it("reopens a closure made by mistake, with a note: back at risk, the closure cleared, audited", async () => {
    const ana = { db: test.db, mode: "test" as const, actor: (await test.db.execute<{ id: string; email: string; role: "operator" }>(sql`select id, email, role from operators where email = 'ana@ops.test'`))[0]! };
    expect(await recordFollowUp(ana, "reopen", { failureId: await failureId("sub_gone"), note: "  Era otra cliente  " })).toEqual({ ok: true });
    expect(await stateOf("sub_gone")).toMatchObject({ state: "exhausted", closedAt: null, closedByName: null, closeReason: null, closeNote: null });
    expect(await getFailureTotals(test.db, { mode: "test", monthStart: MONTH })).toMatchObject([{ retrying: 1, exhausted: 1, atRisk: "2700000" }]);
    expect(await getRenewalFailureSummary(test.db, { mode: "test" })).toMatchObject({ retrying: 1, exhausted: 1 });
    const [reopened] = await audits(FOLLOW_UP_ACTIONS.reopened);
    expect(reopened).toMatchObject({ subject_id: "sub_gone", before: { state: "closed", reason: "written_off", closeNote: "Incobrable" }, after: { state: "exhausted", note: "Era otra cliente" } });
    const history = (await getHistory(test.db, { mode: "test", type: "subscription", id: "sub_gone" })).filter((entry) => entry.kind === "operator");
    expect(history.map((entry) => entry.kind === "operator" && entry.action)).toEqual([FOLLOW_UP_ACTIONS.closed, FOLLOW_UP_ACTIONS.reopened]);
  });

  it("a recovery the service reports afterwards wins: recovered, counted as recovered, the closure kept on the row; neither reopened nor closed again", async () => {
    const ana = { db: test.db, mode: "test" as const, actor: (await test.db.execute<{ id: string; email: string; role: "operator" }>(sql`select id, email, role from operators where email = 'ana@ops.test'`))[0]! };
    await send(renewalSucceeded("sub_cash"));
    const cash = await stateOf("sub_cash");
    expect(cash).toMatchObject({ state: "recovered", closeReason: "paid_elsewhere", closedByName: "Ana Operadora" });
    expect(cash.closedAt).not.toBeNull();
    expect(await countRenewalFailures(test.db, { mode: "test", state: "closed" })).toBe(0);
    expect(await getFailureTotals(test.db, { mode: "test", monthStart: new Date(Date.now() - 86_400_000) })).toMatchObject([{ retrying: 1, exhausted: 1, recovered: 1, recoveredAmount: "1500000" }]);

    const id = await failureId("sub_cash");
    expect(await recordFollowUp(ana, "reopen", { failureId: id, note: "x" })).toEqual({ ok: false, error: "already_recovered" });
    expect(await recordFollowUp(ana, "close", { failureId: id, reason: "other", note: "x" })).toEqual({ ok: false, error: "already_recovered" });

    // The same by the sync: a closed failure whose renewal the sync finds paid.
    await recordFollowUp(ana, "close", { failureId: await failureId("sub_keep"), reason: "cancelled", note: "Dijo que canceló" });
    await upsertSyncedRows(test.db, "renewals", [synced("sub_keep", "paid", 700_000)]);
    expect(await stateOf("sub_keep")).toMatchObject({ state: "recovered", closeReason: "cancelled" });
  });
  it("holds the acting operator's row until the write commits: an admin's demotion in flight is waited for, and the write then refused", async () => {
    await send(renewalFailed("sub_race", 1));
    const leo = await insertOperator(test.db, { email: "leo@ops.test", name: "Leo", role: "operator", passwordHash: "x" });
    const id = await failureId("sub_race");
    let demoted!: () => void;
    let release!: () => void;
    const demoting = new Promise<void>((resolve) => (demoted = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    // The admin's change (settings: a lower role), not committed yet when Leo's write reads him.
    const admin = test.db.transaction(async (tx) => {
      await tx.execute(sql`update operators set role = 'viewer' where id = ${leo.id}`);
      demoted();
      await released;
    });
    await demoting;
    const write = recordFollowUp({ db: test.db, mode: "test", actor: leo }, "close", { failureId: id, reason: "written_off", note: "Incobrable" });
    // Without the lock the write read Leo's committed role (operator) and committed within this wait.
    const early = await Promise.race([write.then(() => "finished"), new Promise((resolve) => setTimeout(() => resolve("waiting"), 400))]);
    release();
    await admin;
    expect(early).toBe("waiting");
    expect(await write).toEqual({ ok: false, error: "forbidden" });
    expect((await stateOf("sub_race")).state).not.toBe("closed");
    expect((await audits(FOLLOW_UP_ACTIONS.closed)).filter((row) => row.subject_id === "sub_race")).toHaveLength(0);
  });
});
