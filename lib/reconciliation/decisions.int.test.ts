import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getUnreconciledTransfers } from "@/db/queries/overview";
import { runReconciliation } from "@/db/queries/reconciliation";
import { getSetIntent, getSetTransfers, listSetCandidates } from "@/db/queries/reconciliation-decisions";
import { listQueue, queueSummary, reconciliationHistory } from "@/db/queries/reconciliation-queues";
import type { Operator } from "@/db/schema";
import { addOperator, setOperatorRole } from "@/lib/operators";
import { freshTestDatabase } from "@/scripts/test/database";
import { acceptWithoutMatch, confirmSuggestion, matchByHand, rejectSuggestion, undoDecision } from "./decisions";
import { addCustomer, addIntent, addTransfer, hoursAfter, matchesOf } from "./test-fixtures";

// Operators' decisions against real PostgreSQL: role, audit row, the rules never undoing a decision, and two operators
// racing for one transfer in two real transactions.

const test = freshTestDatabase();
const system = { operatorId: null, label: "test" };
let ana: Operator;
let beto: Operator;
let vera: Operator;

beforeAll(async () => {
  ana = (await addOperator(test.db, { email: "ana@example.cr", name: "Ana Mora", role: "operator" }, system)).operator;
  beto = (await addOperator(test.db, { email: "beto@example.cr", name: "Beto Solís", role: "operator" }, system)).operator;
  vera = (await addOperator(test.db, { email: "vera@example.cr", name: "Vera Viewer", role: "viewer" }, system)).operator;
});
beforeEach(async () => {
  await test.db.execute(sql`truncate reconciliation_match_transfers, reconciliation_matches, mobile_transfers, payment_intents, customers cascade`);
  await test.db.execute(sql`delete from audit_log where subject_type = 'reconciliation_match'`);
});

const run = () => runReconciliation(test.db, "test");
const audits = () =>
  test.db.execute<{ action: string; actor: string; subject_id: string; before: { state: string } | null; after: { state: string; note: string | null } }>(
    sql`select action, actor, subject_id, before, after from audit_log where subject_type = 'reconciliation_match' order by id`,
  );

/** An unlinked transfer whose sender's phone is the customer's: rule 3 suggests it. */
async function suggestion() {
  const customer = await addCustomer(test.db, {});
  const pid = await addIntent(test.db, { customerId: customer });
  const ref = await addTransfer(test.db, { phone: "8812-3456" });
  await run();
  const [row] = (await matchesOf(test.db)).filter((m) => m.state === "suggested");
  return { pid, ref, matchId: row!.id };
}

describe("confirm, reject and undo a suggestion", () => {
  it("confirms with one audit row, and a re-run of the rules leaves the decision alone", async () => {
    const { pid, ref, matchId } = await suggestion();
    expect(await confirmSuggestion(test.db, ana, { mode: "test", matchId, note: "visto" })).toEqual({ ok: true, matchId });
    await run();
    expect(await matchesOf(test.db)).toMatchObject([{ id: matchId, state: "confirmed", pid, refs: [ref] }]);
    const rows = await audits();
    expect(rows).toMatchObject([{ action: "reconciliation.confirmed", actor: "ana@example.cr", subject_id: String(matchId), before: { state: "suggested" }, after: { state: "confirmed", note: "visto" } }]);
  });

  it("keeps a rejected pair out of later runs, and undo brings the suggestion back", async () => {
    const { matchId } = await suggestion();
    expect((await rejectSuggestion(test.db, ana, { mode: "test", matchId })).ok).toBe(true);
    await run();
    expect((await matchesOf(test.db)).map((m) => m.state)).toEqual(["rejected"]);
    expect((await undoDecision(test.db, beto, { mode: "test", matchId })).ok).toBe(true);
    expect((await matchesOf(test.db)).map((m) => m.state)).toEqual(["undone", "suggested"]);
    expect((await audits()).map((a) => a.action)).toEqual(["reconciliation.rejected", "reconciliation.undone"]);
  });

  it("undoing a confirmation frees the intent for the transfers it had set aside", async () => {
    const customer = await addCustomer(test.db, {});
    const pid = await addIntent(test.db, { customerId: customer });
    await addTransfer(test.db, { phone: "8812-3456" });
    await addTransfer(test.db, { phone: "8812-3456", at: hoursAfter(1) });
    await run();
    const [first] = await matchesOf(test.db);
    await confirmSuggestion(test.db, ana, { mode: "test", matchId: first!.id });
    expect((await matchesOf(test.db)).map((m) => m.state)).toEqual(["confirmed"]); // the other transfer's suggestion is moot
    await undoDecision(test.db, ana, { mode: "test", matchId: first!.id });
    const rows = await matchesOf(test.db);
    expect(rows.filter((m) => m.state === "suggested").map((m) => m.pid)).toEqual([pid, pid]);
  });

  it("refuses a viewer, and an operator demoted since signing in, with nothing written", async () => {
    const { matchId } = await suggestion();
    expect(await confirmSuggestion(test.db, vera, { mode: "test", matchId })).toEqual({ ok: false, error: "forbidden" });
    const demoted = (await addOperator(test.db, { email: "old@example.cr", name: "Old Role", role: "operator" }, system)).operator;
    await setOperatorRole(test.db, "old@example.cr", "viewer", system);
    expect(await confirmSuggestion(test.db, demoted, { mode: "test", matchId })).toEqual({ ok: false, error: "forbidden" });
    expect((await matchesOf(test.db)).map((m) => m.state)).toEqual(["suggested"]);
    expect(await audits()).toEqual([]);
  });
});

describe("match by hand and accept without a match", () => {
  it("accepts a stray transfer only with a note, and undo returns it to unmatched", async () => {
    const ref = await addTransfer(test.db, { amount: 1_234_500 });
    expect(await acceptWithoutMatch(test.db, ana, { mode: "test", ref, note: "  " })).toMatchObject({ ok: false, error: "invalid_input" });
    const accepted = await acceptWithoutMatch(test.db, ana, { mode: "test", ref, note: "Donación" });
    expect(accepted.ok).toBe(true);
    expect(await matchesOf(test.db)).toMatchObject([{ state: "accepted_unmatched", pid: null, refs: [ref] }]);
    if (accepted.ok) await undoDecision(test.db, ana, { mode: "test", matchId: accepted.matchId });
    expect((await matchesOf(test.db)).map((m) => m.state)).toEqual(["undone"]);
    expect((await audits()).map((a) => a.action)).toEqual(["reconciliation.accepted_unmatched", "reconciliation.undone"]);
  });

  it("refuses to match or accept a transfer whose money has not arrived (pending, expired, canceled), writing nothing", async () => {
    const pid = await addIntent(test.db, { amount: 1_500_000 });
    for (const status of ["pending", "expired", "canceled"]) {
      const ref = await addTransfer(test.db, { status });
      const refusal = { ok: false, error: "not_received", refs: [ref], status };
      expect(await acceptWithoutMatch(test.db, ana, { mode: "test", ref, note: "Donación" })).toEqual(refusal);
      expect(await matchByHand(test.db, ana, { mode: "test", refs: [ref], paymentIntentId: pid })).toEqual(refusal);
    }
    // In a set, the one that has not arrived is named.
    const arrived = await addTransfer(test.db, { amount: 750_000 });
    const pending = await addTransfer(test.db, { amount: 750_000, status: "pending" });
    expect(await matchByHand(test.db, ana, { mode: "test", refs: [arrived, pending], paymentIntentId: pid })).toEqual({ ok: false, error: "not_received", refs: [pending], status: "pending" });
    expect(await matchesOf(test.db)).toEqual([]);
    expect(await audits()).toHaveLength(0);
  });

  it("matches a set by hand only when it adds up to the intent, and one transfer with its difference shown", async () => {
    const pid = await addIntent(test.db, { amount: 2_000_000 });
    const a = await addTransfer(test.db, { amount: 1_000_000 });
    const b = await addTransfer(test.db, { amount: 900_000 });
    expect(await matchByHand(test.db, ana, { mode: "test", refs: [a, b], paymentIntentId: pid })).toMatchObject({ ok: false, error: "amount_mismatch" });
    const single = await matchByHand(test.db, ana, { mode: "test", refs: [a], paymentIntentId: pid });
    expect(single.ok).toBe(true);
    const [row] = await matchesOf(test.db);
    expect(row!.reasons).toEqual([{ code: "matched_by_hand" }, { code: "amount_difference", difference: -1_000_000, currency: "CRC" }]);
  });

  it("the database refuses a confirmed set whose sum is not the intent's, whatever the code does", async () => {
    const pid = await addIntent(test.db, { amount: 2_000_000 });
    const a = await addTransfer(test.db, { amount: 1_000_000 });
    const b = await addTransfer(test.db, { amount: 900_000 });
    const write = test.db.transaction(async (tx) => {
      const [m] = await tx.execute<{ id: number }>(sql`insert into reconciliation_matches (mode, state, rule, payment_intent_id, transfer_key, transfer_count, amount, currency, transfer_at)
        values ('test', 'confirmed', 'manual', ${pid}, ${`${a} ${b}`}, 2, 1900000, 'CRC', now()) returning id`);
      await tx.execute(sql`insert into reconciliation_match_transfers values (${m!.id}, 'test', 'confirmed', ${a}), (${m!.id}, 'test', 'confirmed', ${b})`);
    });
    await expect(write).rejects.toThrow(/must sum to its intent/);
  });
});

describe("who decided", () => {
  it("the database refuses a decision by someone who is not an operator, and keeps an operator who decided", async () => {
    const ref = await addTransfer(test.db, {});
    // The database's own message (drizzle wraps it in the failed query's).
    const refusal = (write: Promise<unknown>) => write.then(() => "written", (e: Error & { cause?: Error }) => e.cause?.message ?? e.message);
    const decide = (by: string) =>
      test.db.execute(sql`insert into reconciliation_matches (mode, state, rule, transfer_key, transfer_count, amount, currency, transfer_at, decided_by, decided_at, note)
        values ('test', 'accepted_unmatched', 'manual', ${ref}, 1, 1500000, 'CRC', now(), ${by}, now(), 'a deposit') returning id`);
    expect(await refusal(decide("00000000-0000-4000-8000-000000000000"))).toMatch(/is not an operator/);
    const [olga] = await test.db.execute<{ id: string }>(sql`insert into operators (email, name, role, password_hash)
      values ('olga@example.cr', 'Olga', 'operator', 'x') returning id`);
    const [match] = await decide(olga!.id);
    expect(await refusal(test.db.execute(sql`delete from operators where id = ${olga!.id}`))).toMatch(/decided reconciliation matches/);
    const undo = sql`update reconciliation_matches set state = 'undone', undone_state = 'accepted_unmatched', undone_by = gen_random_uuid(), undone_at = now()
      where id = ${(match as { id: number }).id}`;
    expect(await refusal(test.db.execute(undo))).toMatch(/is not an operator/);
  });
});

describe("a set of transfers matched to one intent by hand", () => {
  it("offers undecided transfers of the currency, the same sender's within 72 hours first, and finds others by reference or sender", async () => {
    const pid = await addIntent(test.db, { amount: 3_000_000 });
    const first = await addTransfer(test.db, { amount: 1_000_000, originId: "109870654", name: "Lucía Fernández", phone: "8855-1111" });
    const sameIdLater = await addTransfer(test.db, { amount: 1_200_000, originId: "109870654", name: "L Fernandez", phone: null, at: hoursAfter(30) });
    const samePhone = await addTransfer(test.db, { amount: 800_000, phone: "8855-1111", name: "Otra Persona", at: hoursAfter(-5) });
    const sameIdTooLate = await addTransfer(test.db, { amount: 800_000, originId: "109870654", at: hoursAfter(80) });
    const stranger = await addTransfer(test.db, { amount: 800_000, name: "Pedro Jiménez Mora", at: hoursAfter(1) });
    await addTransfer(test.db, { amount: 800_000, originId: "109870654", currency: "USD", at: hoursAfter(2) }); // another currency
    const settled = await addTransfer(test.db, { amount: 800_000, originId: "109870654", at: hoursAfter(3) });
    expect((await acceptWithoutMatch(test.db, beto, { mode: "test", ref: settled, note: "Depósito" })).ok).toBe(true);

    const refs = async (query?: string, exclude: string[] = []) => (await listSetCandidates(test.db, "test", { from: first, query, exclude })).map((c) => c.ref);
    // Nearest in time first: 5 hours before, then 30 after; the one 80 hours later is outside the window.
    expect(await refs()).toEqual([samePhone, sameIdLater]);
    expect(await refs(undefined, [samePhone])).toEqual([sameIdLater]);
    expect(await refs("pedro jimenez")).toEqual([stranger]);
    expect(await refs(stranger)).toEqual([stranger]);
    expect(await refs("8855 1111")).toEqual([samePhone]);
    // Found by the sender's id: the near ones first, then the one outside the window.
    expect(await refs("109870654")).toEqual([sameIdLater, sameIdTooLate]);
    expect(await refs(settled)).toEqual([]);

    const named = await getSetTransfers(test.db, "test", first, [sameIdLater, settled]);
    expect(named.map((t) => [t.ref, t.settled, t.near])).toEqual([[first, false, true], [settled, true, true], [sameIdLater, false, true]]);
    expect(await getSetIntent(test.db, "test", pid)).toMatchObject({ id: pid, amount: 3_000_000, currency: "CRC", paid: false });

    // 1 000 000 + 1 200 000 + 800 000 = the intent's 3 000 000: one decision, one audit row, on every timeline.
    const set = await matchByHand(test.db, ana, { mode: "test", refs: [first, sameIdLater, samePhone], paymentIntentId: pid, note: "pagó en tres partes" });
    expect(set.ok).toBe(true);
    expect(await getSetIntent(test.db, "test", pid)).toMatchObject({ paid: true });
    expect((await audits()).map((a) => a.action)).toEqual(["reconciliation.accepted_unmatched", "reconciliation.matched_by_hand"]);
    const subjects: { type: "transfer" | "payment_intent"; id: string }[] = [first, sameIdLater, samePhone].map((id) => ({ type: "transfer", id }));
    for (const subject of [...subjects, { type: "payment_intent" as const, id: pid }]) {
      const history = await reconciliationHistory(test.db, { mode: "test", ...subject });
      expect(history.map((h) => h.action), subject.id).toEqual(["reconciliation.matched_by_hand"]);
    }
    expect(await refs("109870654")).toEqual([sameIdTooLate]);
    // A viewer's set is refused before anything is read or written.
    expect(await matchByHand(test.db, vera, { mode: "test", refs: [sameIdTooLate, stranger], paymentIntentId: pid })).toEqual({ ok: false, error: "forbidden" });
  });
});

describe("two operators deciding the same transfer at once", () => {
  it("lets exactly one win; the other is told who decided it and how", async () => {
    for (let round = 0; round < 3; round++) {
      await test.db.execute(sql`truncate reconciliation_match_transfers, reconciliation_matches, mobile_transfers, payment_intents, customers cascade`);
      const { ref, matchId } = await suggestion();
      // A third transaction holds the transfer's row so both deciders are inside their transactions, waiting, when it lets go.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = test.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from mobile_transfers where sinpe_ref_number = ${ref} for update`);
        locked();
        await held;
      });
      await isLocked;
      const racing = Promise.all([
        confirmSuggestion(test.db, ana, { mode: "test", matchId }),
        acceptWithoutMatch(test.db, beto, { mode: "test", ref, note: "pago duplicado" }),
      ]);
      await new Promise((r) => setTimeout(r, 150));
      release();
      await holder;
      const results = await racing;
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      const lost = results.find((r) => !r.ok)!;
      const winner = results[0]!.ok ? "Ana Mora" : "Beto Solís";
      expect(lost).toMatchObject({ ok: false, error: "already_decided", decided: { decidedBy: { name: winner }, refs: [ref] } });
      const settled = await test.db.execute(sql`select 1 from reconciliation_match_transfers where sinpe_ref_number = ${ref} and state in ('confirmed', 'accepted_unmatched')`);
      expect(settled).toHaveLength(1);
      expect(await audits()).toHaveLength(1);
      await test.db.execute(sql`delete from audit_log where subject_type = 'reconciliation_match'`);
    }
  });
});

describe("queues and timelines", () => {
  it("moves a confirmed suggestion from Suggested to Confirmed and puts the decision on the transfer's and the intent's history", async () => {
    const { pid, ref, matchId } = await suggestion();
    const stray = await addTransfer(test.db, { amount: 1_234_500 });
    expect((await listQueue(test.db, { mode: "test", queue: "suggested" })).rows.map((r) => r.matchId)).toEqual([matchId]);
    expect((await listQueue(test.db, { mode: "test", queue: "unmatched" })).rows.map((r) => r.transfers[0]!.ref)).toEqual([stray]);
    await confirmSuggestion(test.db, ana, { mode: "test", matchId, note: "ok" });
    expect((await listQueue(test.db, { mode: "test", queue: "suggested" })).rows).toEqual([]);
    const [confirmed] = (await listQueue(test.db, { mode: "test", queue: "confirmed" })).rows;
    expect(confirmed).toMatchObject({ matchId, paymentIntentId: pid, decidedBy: "Ana Mora", note: "ok", transfers: [{ ref }] });
    const summary = await queueSummary(test.db, "test");
    expect(summary.map((s) => [s.queue, s.currency, s.count, s.amount])).toEqual([
      ["confirmed", "CRC", 1, 1_500_000],
      ["unmatched", "CRC", 1, 1_234_500],
    ]);
    for (const subject of [{ mode: "test" as const, type: "transfer" as const, id: ref }, { mode: "test" as const, type: "payment_intent" as const, id: pid }]) {
      const history = await reconciliationHistory(test.db, subject);
      expect(history).toMatchObject([{ action: "reconciliation.confirmed", operatorName: "Ana Mora", matchId, after: { state: "confirmed", paymentIntentId: pid, transferRefs: [ref] } }]);
    }
  });

  it("pages a queue with a cursor, newest transfer first, without repeats", async () => {
    const refs: string[] = [];
    for (let i = 0; i < 5; i++) refs.push(await addTransfer(test.db, { amount: 1_000 + i, at: hoursAfter(i) }));
    const first = await listQueue(test.db, { mode: "test", queue: "unmatched", limit: 2 });
    const second = await listQueue(test.db, { mode: "test", queue: "unmatched", limit: 2, cursor: first.next! });
    const third = await listQueue(test.db, { mode: "test", queue: "unmatched", limit: 2, cursor: second.next! });
    expect([...first.rows, ...second.rows, ...third.rows].map((r) => r.transfers[0]!.ref)).toEqual([...refs].reverse());
    expect(third.next).toBeNull();
  });
});

describe("transfers still to reconcile (the Overview's figure)", () => {
  const open = async () => (await getUnreconciledTransfers(test.db, { mode: "test" })).byCurrency.reduce((sum, row) => sum + row.count, 0);
  const queued = async (queue: string) => (await queueSummary(test.db, "test")).filter((row) => row.queue === queue).reduce((sum, row) => sum + row.count, 0);

  it("leaves out a transfer a decision settled, counts it again after undo, and equals Unmatched plus the transfers with suggestions", async () => {
    // One transfer, two awaiting intents of its customer with its amount: two suggestions for one transfer.
    const customer = await addCustomer(test.db, {});
    await addIntent(test.db, { customerId: customer });
    await addIntent(test.db, { customerId: customer, createdAt: hoursAfter(-3) });
    await addTransfer(test.db, { phone: "8812-3456" });
    const stray = await addTransfer(test.db, { amount: 123_400 });
    await run();
    expect(await queued("suggested")).toBe(2);
    expect(await queued("unmatched")).toBe(1);
    // Each transfer once: 1 with suggestions + 1 unmatched, not the 3 the queues' counts add up to.
    expect(await open()).toBe(2);

    const accepted = await acceptWithoutMatch(test.db, ana, { mode: "test", ref: stray, note: "Depósito de garantía" });
    if (!accepted.ok) throw new Error(JSON.stringify(accepted));
    expect(await queued("unmatched")).toBe(0);
    expect(await open()).toBe(1);

    expect((await undoDecision(test.db, ana, { mode: "test", matchId: accepted.matchId })).ok).toBe(true);
    expect(await open()).toBe(2);
  });
});
