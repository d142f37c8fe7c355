import { and, eq, sql } from "drizzle-orm";
import postgres from "postgres";
import { beforeAll, describe, expect, it } from "vitest";
import { recountQueueCounts, runReconciliation } from "@/db/queries/reconciliation";
import { getUnreconciledTransfers, unreconciledTransfersFromRows } from "@/db/queries/overview";
import { compactQueueCounts, queueSummary, queueSummaryFromRows } from "@/db/queries/reconciliation-queues";
import { upsertSyncedRows } from "@/db/queries/sync";
import { mobileTransfers, paymentIntents, type Operator } from "@/db/schema";
import { statusRank } from "@/lib/webhooks/status-rank";
import { addOperator } from "@/lib/operators";
import { freshTestDatabase } from "@/scripts/test/database";
import { acceptWithoutMatch, confirmSuggestion, matchByHand, rejectSuggestion, undoDecision } from "./decisions";
import { transferRow } from "@/lib/sync/transforms";
import { addCustomer, addIntent, addTransfer, matchesOf } from "./test-fixtures";

// @smoke: the queue counts' statement triggers and their transition tables.
// The queues' counts kept by triggers (drizzle/0023) against the same figures counted from the rows, on a database where
// the rules ran, re-ran, and operators made every kind of decision through lib/reconciliation/decisions.ts, with money
// on both sides of each ageing boundary ("1, 3 and 7 days ago" fall inside an hour the counts read from the rows).

const test = freshTestDatabase();
let ana: Operator;
const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

beforeAll(async () => {
  ana = (await addOperator(test.db, { email: "ana.q@example.cr", name: "Ana Quesada", role: "operator" }, { operatorId: null, label: "test" })).operator;
});

const run = () => runReconciliation(test.db, "test");
async function expectSameAsRows() {
  const fast = await queueSummary(test.db, "test");
  expect(fast).toEqual(await queueSummaryFromRows(test.db, "test"));
  // The Overview's unreconciled transfers (each open transfer no decision settled, once), kept beside the queues
  // (drizzle/0038): the same count, money and oldest time as the anti-join over the rows.
  expect(await getUnreconciledTransfers(test.db, { mode: "test" })).toEqual(await unreconciledTransfersFromRows(test.db, { mode: "test" }));
  return fast;
}
const suggestedFor = async (pid: string) => (await matchesOf(test.db)).filter((m) => m.state === "suggested" && m.pid === pid);

describe("queueSummary from the kept counts", () => {
  it("equals the count from the rows through rules, re-runs, every decision, undo, a service link and a truncate", async () => {
    await test.db.execute(sql`truncate reconciliation_match_transfers, reconciliation_matches, mobile_transfers, payment_intents, customers cascade`);
    // Each payer: a customer with her own phone, an intent awaiting money, her transfer `hours` ago.
    const payers: { pid: string; ref: string; hours: number; customer: string; amount: number; currency: string }[] = [];
    const hours = [2, 23.99, 24.01, 47, 71.99, 72.01, 100, 167.99, 168.01, 400];
    for (const [i, h] of hours.entries()) {
      const phone = `8812-${String(3400 + i)}`;
      const currency = i % 3 === 0 ? "USD" : "CRC";
      const customer = await addCustomer(test.db, { name: `Cliente ${i}`, phone });
      const pid = await addIntent(test.db, { customerId: customer, amount: 100_000 * (i + 1), currency, createdAt: ago(h + 1) });
      const ref = await addTransfer(test.db, { phone, amount: 100_000 * (i + 1), currency, at: ago(h) });
      payers.push({ pid, ref, hours: h, customer, amount: 100_000 * (i + 1), currency });
    }
    // Strays on each side of the boundaries, a split payment, a transfer naming an order, one linked by the service.
    const strays = [];
    for (const h of [0.5, 23.995, 24.005, 71.995, 72.005, 167.995, 168.005, 900]) strays.push(await addTransfer(test.db, { amount: 777_700 + Math.round(h), at: ago(h) }));
    const splitCustomer = await addCustomer(test.db, { name: "Sofía Vargas", phone: "8899-0000" });
    const splitIntent = await addIntent(test.db, { customerId: splitCustomer, amount: 3_000_000, createdAt: ago(30) });
    await addTransfer(test.db, { phone: "8899-0000", originId: null, amount: 1_000_000, at: ago(29) });
    await addTransfer(test.db, { phone: "8899-0000", originId: null, amount: 2_000_000, at: ago(25) });
    const ordered = await addIntent(test.db, { amount: 555_000, metadata: { orderId: "ORD-31738" }, createdAt: ago(5) });
    const orderTransfer = await addTransfer(test.db, { amount: 555_000, description: "pago ORD-31738", at: ago(4) });
    const linkedIntent = await addIntent(test.db, { amount: 42_000, createdAt: ago(3), status: "succeeded" });
    await addTransfer(test.db, { amount: 42_000, at: ago(2.5), paymentIntentId: linkedIntent });
    await expectSameAsRows();

    await run();
    const afterRules = await expectSameAsRows();
    expect(afterRules.map((s) => s.queue)).toEqual(expect.arrayContaining(["suggested", "confirmed", "unmatched"]));
    // A second intent the same customer owes the same amount: the re-run suggests her transfer for it too (a second
    // suggestion of a transfer already out of Unmatched; weeks ago, away from the hours the summary reads from the rows).
    const { customer, amount, currency, hours: paidHoursAgo, ref: twice } = payers[9]!;
    await addIntent(test.db, { customerId: customer, amount, currency, createdAt: ago(paidHoursAgo + 2) });
    await run();
    expect((await matchesOf(test.db)).filter((m) => m.state === "suggested" && m.refs.includes(twice)).length).toBe(2);
    await expectSameAsRows();

    // Every kind of decision, each checked.
    const confirm = (await suggestedFor(payers[0]!.pid))[0]!;
    expect((await confirmSuggestion(test.db, ana, { mode: "test", matchId: confirm.id })).ok).toBe(true);
    await expectSameAsRows();
    const reject = (await suggestedFor(payers[1]!.pid))[0]!;
    expect((await rejectSuggestion(test.db, ana, { mode: "test", matchId: reject.id })).ok).toBe(true);
    await expectSameAsRows();
    const split = (await suggestedFor(splitIntent))[0]!;
    expect((await confirmSuggestion(test.db, ana, { mode: "test", matchId: split.id })).ok).toBe(true);
    await expectSameAsRows();
    const accepted = await acceptWithoutMatch(test.db, ana, { mode: "test", ref: strays[7]!, note: "Donación" });
    expect(accepted.ok).toBe(true);
    await expectSameAsRows();
    const byHand = await matchByHand(test.db, ana, { mode: "test", refs: [strays[2]!], paymentIntentId: ordered });
    expect(byHand.ok).toBe(true);
    await expectSameAsRows();
    const setByHand = await matchByHand(test.db, ana, { mode: "test", refs: [payers[4]!.ref, payers[5]!.ref], paymentIntentId: payers[8]!.pid });
    expect(setByHand).toMatchObject({ ok: false, error: "amount_mismatch" });
    await run();
    await expectSameAsRows();

    for (const matchId of [confirm.id, reject.id, accepted.ok ? accepted.matchId : 0, byHand.ok ? byHand.matchId : 0]) {
      expect((await undoDecision(test.db, ana, { mode: "test", matchId })).ok).toBe(true);
      await expectSameAsRows();
    }
    await run();
    await expectSameAsRows();

    // The service links a transfer later (the sync's upsert), another leaves the open statuses, and a third, suggested
    // for the order it names, is read again with another amount and time (another hour): its suggestion is rewritten in
    // place (the same row, its money and hour moved in Suggested).
    await test.db.update(mobileTransfers).set({ paymentIntentId: payers[6]!.pid }).where(and(eq(mobileTransfers.mode, "test"), eq(mobileTransfers.sinpeRefNumber, payers[6]!.ref)));
    await test.db.update(mobileTransfers).set({ status: "refunded" }).where(and(eq(mobileTransfers.mode, "test"), eq(mobileTransfers.sinpeRefNumber, strays[0]!)));
    // And the service cancels an intent a transfer was suggested for: the suggestion goes, the transfer back to Unmatched.
    expect((await suggestedFor(payers[3]!.pid)).length).toBe(1);
    await test.db.update(paymentIntents).set({ status: "canceled", statusRank: statusRank("canceled") }).where(and(eq(paymentIntents.mode, "test"), eq(paymentIntents.id, payers[3]!.pid)));
    const [orderSuggestion] = await suggestedFor(ordered);
    expect(orderSuggestion).toMatchObject({ refs: [orderTransfer], amount: 555_000 });
    await test.db.update(mobileTransfers).set({ amount: 556_000, authorizationDate: ago(2) }).where(and(eq(mobileTransfers.mode, "test"), eq(mobileTransfers.sinpeRefNumber, orderTransfer)));
    await expectSameAsRows();
    await run();
    const settled = await expectSameAsRows();
    expect(await suggestedFor(ordered)).toMatchObject([{ id: orderSuggestion!.id, amount: 556_000 }]);
    expect(await suggestedFor(payers[3]!.pid)).toEqual([]);
    expect(settled.map((s) => s.queue)).toEqual(expect.arrayContaining(["confirmed", "suggested", "unmatched"]));

    await compactQueueCounts(test.db, "test");
    expect(await queueSummary(test.db, "test")).toEqual(settled);

    await test.db.execute(sql`truncate reconciliation_match_transfers, reconciliation_matches cascade`);
    const unmatchedOnly = await expectSameAsRows();
    expect(unmatchedOnly.map((s) => s.queue)).toEqual(["unmatched", "unmatched"]);
  });

  it("equals the count from the rows through the sync's upserts (new rows and changed ones in one statement, past 2,000 rows too) and deletes", async () => {
    await test.db.execute(sql`truncate reconciliation_match_transfers, reconciliation_matches, mobile_transfers, payment_intents, customers cascade`);
    // A transfer with a suggestion (a member row): the sync settling or linking it leaves Unmatched as it was.
    const customer = await addCustomer(test.db, { name: "Marta Solís", phone: "8877-1200" });
    const pid = await addIntent(test.db, { customerId: customer, amount: 640_000, createdAt: ago(6) });
    const suggested = await addTransfer(test.db, { phone: "8877-1200", amount: 640_000, at: ago(5) });
    await run();
    expect((await suggestedFor(pid)).length).toBe(1);
    const record = (i: number, fields: { status?: string; paymentIntentId?: string | null; ref?: string } = {}) =>
      transferRow(
        {
          id: `mt_${i}`,
          SINPERefNumber: fields.ref ?? `20261120${String(i).padStart(17, "0")}`,
          amount: 10_000 + i,
          currency: i % 4 === 0 ? "USD" : "CRC",
          originId: "1-1111-1111",
          originName: "Cliente Sync",
          description: "SINPE",
          destinationPhone: "+50670001234",
          // Across the ageing boundaries, an hour apart.
          authorizationDate: ago(i % 200).toISOString(),
          createdAt: ago(i % 200).toISOString(),
          status: fields.status ?? ["received", "pending", "attempt_not_found", "charge_not_found", "canceled"][i % 5]!,
          paymentIntentId: fields.paymentIntentId === undefined ? (i % 3 === 0 ? `pi_s${i}` : null) : fields.paymentIntentId,
        } as never,
        "test",
        new Date().toISOString(),
      );
    // One statement of more than 2,000 rows (the trigger's bulk path), then pages of 100 (its planned-once path):
    // new rows beside rows that leave Unmatched (a service link, pending → received) or enter it.
    await upsertSyncedRows(test.db, "transfers", Array.from({ length: 2_100 }, (_, i) => record(i)));
    await expectSameAsRows();
    for (let page = 0; page < 3; page++) {
      const rows = Array.from({ length: 100 }, (_, k) => {
        const i = page * 100 + k;
        if (k % 4 === 0) return record(i, { paymentIntentId: `pi_late${i}` });
        if (k % 4 === 1) return record(i, { status: "received" });
        return record(3_000 + i);
      });
      await upsertSyncedRows(test.db, "transfers", page === 0 ? [...rows, record(0, { ref: suggested, status: "received", paymentIntentId: pid })] : rows);
      await expectSameAsRows();
    }
    // The same page again changes nothing.
    await upsertSyncedRows(test.db, "transfers", Array.from({ length: 100 }, (_, k) => record(3_000 + 200 + k)));
    await expectSameAsRows();
    await test.db.execute(sql`delete from mobile_transfers where mode = 'test' and amount % 7 = 0`);
    await expectSameAsRows();
  });

  it("files the triggers' counts and the recount's under the rows' own hours, at an hour's start and a microsecond before it", async () => {
    await test.db.execute(sql`truncate reconciliation_match_transfers, reconciliation_matches, mobile_transfers, payment_intents, customers cascade`);
    // Transfers at an hour's first microsecond and its last, this week and weeks ago (the fold), some suggested.
    const hourStart = new Date(Math.floor(Date.now() / HOUR) * HOUR - 30 * HOUR);
    const refs: string[] = [];
    for (const [i, weeks] of [0, 0, 3, 3].entries()) {
      const at = new Date(hourStart.getTime() - weeks * 168 * HOUR);
      const customer = await addCustomer(test.db, { name: `Cliente Hora ${i}`, phone: `8866-${String(1000 + i)}` });
      await addIntent(test.db, { customerId: customer, amount: 310_000 + i, createdAt: new Date(at.getTime() - 2 * HOUR) });
      refs.push(await addTransfer(test.db, { phone: `8866-${String(1000 + i)}`, amount: 310_000 + i, at }));
      refs.push(await addTransfer(test.db, { amount: 410_000 + i, at }));
    }
    // Half of them a microsecond before their hour (a Date holds milliseconds: set in SQL).
    await test.db.execute(sql`update mobile_transfers set authorization_date = authorization_date - interval '1 microsecond'
      where mode = 'test' and sinpe_ref_number = any(${sql.raw(`array[${refs.filter((_, i) => i % 4 < 2).map((r) => `'${r}'`).join(", ")}]`)})`);
    await run();
    // The log's hours against the rows' own, as the triggers compute them (the hours older than a week folded into one,
    // as compactQueueCounts folds the triggers' rows).
    const perHour = (from: "log" | "rows") =>
      test.db.execute<{ queue: string; hour: number; n: number }>(
        from === "log"
          ? sql`select queue, case when hour < fold then fold - 1 else hour end as hour, sum(n)::int as n from reconciliation_queue_counts
              cross join (select floor(extract(epoch from now() - interval '7 days') / 3600)::int - 2 as fold) f
              where mode = 'test' group by 1, 2 having sum(n) <> 0 order by 1, 2`
          : sql`select queue, case when h < fold then fold - 1 else h end::int as hour, count(*)::int as n
              from (select state::text as queue, floor(extract(epoch from transfer_at) / 3600) as h from reconciliation_matches where mode = 'test' and state = 'suggested'
                    union all
                    select 'unmatched', floor(extract(epoch from paid_at) / 3600) from mobile_transfers t where mode = 'test'
                      and not exists (select 1 from reconciliation_match_transfers mt where mt.mode = t.mode and mt.sinpe_ref_number = t.sinpe_ref_number)
                    union all
                    select 'unreconciled', floor(extract(epoch from paid_at) / 3600) from mobile_transfers t where mode = 'test'
                      and not exists (select 1 from reconciliation_match_transfers mt where mt.mode = t.mode and mt.sinpe_ref_number = t.sinpe_ref_number
                                      and mt.state in ('confirmed', 'accepted_unmatched'))) x
              cross join (select floor(extract(epoch from now() - interval '7 days') / 3600)::int - 2 as fold) f group by 1, 2 order by 1, 2`,
      );
    const fromRows = [...(await perHour("rows"))];
    expect(fromRows.filter((row) => row.queue === "suggested").length).toBeGreaterThan(1);
    // The full pass's triggers, then the recount that follows it.
    expect([...(await perHour("log"))]).toEqual(fromRows);
    await recountQueueCounts(test.db, "test");
    expect([...(await perHour("log"))]).toEqual(fromRows);
    // A decision's trigger takes its row out of the hour the recount put it in.
    const first = (await matchesOf(test.db)).find((m) => m.state === "suggested")!;
    expect((await confirmSuggestion(test.db, ana, { mode: "test", matchId: first.id })).ok).toBe(true);
    expect([...(await perHour("log"))].filter((row) => row.queue !== "confirmed")).toEqual([...(await perHour("rows"))]);
    await expectSameAsRows();
  });

  it("heals, in the recount after a full pass, what a sync racing a pass left in the counts", async () => {
    await test.db.execute(sql`truncate reconciliation_match_transfers, reconciliation_matches, reconciliation_transfer_keys, mobile_transfers, payment_intents, customers cascade`);
    const customer = await addCustomer(test.db, { phone: "+50688770001" });
    await addIntent(test.db, { customerId: customer, amount: 770_000, createdAt: ago(3) });
    const ref = await addTransfer(test.db, { phone: "8877-0001", amount: 770_000, at: ago(1) });
    await expectSameAsRows();
    // The sync cancels the transfer while a pass suggests it: neither statement's trigger sees the other's row.
    const other = postgres(test.url, { max: 1, onnotice: () => {} });
    try {
      const sync = await other.reserve();
      await sync.unsafe("begin");
      await sync.unsafe(`update mobile_transfers set status = 'canceled' where mode = 'test' and sinpe_ref_number = '${ref}'`);
      expect((await runReconciliation(test.db, "test", { refs: [ref] })).inserted).toBe(1);
      await sync.unsafe("commit");
      sync.release();
    } finally {
      await other.end();
    }
    // The full pass withdraws the suggestion (its triggers count the change right), but the race's miscount stays…
    await run();
    expect(await suggestedFor((await matchesOf(test.db))[0]?.pid ?? "")).toEqual([]);
    // (nothing is open or suggested now: the log says Unmatched holds -1, which the summary does not show).
    const logged = async () => [...(await test.db.execute(sql`select queue, sum(n)::int as n from reconciliation_queue_counts where mode = 'test' group by 1 having sum(n) <> 0 order by 1`))];
    expect(await logged()).toEqual([{ queue: "unmatched", n: -1 }]);
    // …until the recount that follows it.
    await recountQueueCounts(test.db, "test");
    expect(await logged()).toEqual([]);
    await expectSameAsRows();
  });

  it("counts an accepted transfer in Accepted without match, with its age", async () => {
    await test.db.execute(sql`truncate reconciliation_match_transfers, reconciliation_matches, mobile_transfers, payment_intents, customers cascade`);
    const ref = await addTransfer(test.db, { amount: 1_234_500, at: ago(50) });
    expect((await acceptWithoutMatch(test.db, ana, { mode: "test", ref, note: "Depósito" })).ok).toBe(true);
    expect(await expectSameAsRows()).toEqual([
      { queue: "accepted_unmatched", currency: "CRC", count: 1, amount: 1_234_500, ageing: { under1d: 0, d1to3: 1, d3to7: 0, over7d: 0 } },
    ]);
  });
});
