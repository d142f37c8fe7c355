import { sql } from "drizzle-orm";
import postgres from "postgres";
import { beforeEach, describe, expect, it } from "vitest";
import { connectDatabase } from "@/db";
import { addCustomer, addIntent, addTransfer, hoursAfter, matchesOf, passFailingAt, queueCountTotals } from "@/lib/reconciliation/test-fixtures";
import { freshTestDatabase } from "@/scripts/test/database";
import { runReconciliation } from "./reconciliation";
import { queueSummary, queueSummaryFromRows } from "./reconciliation-queues";

// A full pass of its own runs rule 1 on a second connection, beside the other rules (besideTransaction): the same rows as
// the pass that runs it first in one transaction (a full pass in the caller's transaction), committed only with the
// pass's suggestions written, nothing of it left when the pass fails.

const test = freshTestDatabase();

beforeEach(async () => {
  await test.db.execute(sql`truncate reconciliation_match_transfers, reconciliation_matches, reconciliation_transfer_keys, reconciliation_intent_keys,
    reconciliation_queue_counts, mobile_transfers, payment_intents, customers cascade`);
});

/**
 * Intents still awaiting money that the service already linked a transfer to (its success not synced yet), each also
 * named by another transfer's description (rule 2) and paid by a third from its customer's phone (rule 3); and one
 * intent no link pays, with the same two candidates.
 */
async function linkedWhileAwaiting() {
  const linked: { pid: string; ref: string }[] = [];
  for (const [index, phone] of ["8811-1111", "8822-2222", "8833-3333"].entries()) {
    const customer = await addCustomer(test.db, { phone: `+506${phone.replace("-", "")}` });
    const pid = await addIntent(test.db, { customerId: customer, amount: 1_000_000 + index * 1_000, createdAt: hoursAfter(-3) });
    const ref = await addTransfer(test.db, { paymentIntentId: pid, amount: 1_000_000 + index * 1_000, at: hoursAfter(-1) });
    await addTransfer(test.db, { description: `pago ${pid}`, amount: 1_000_000 + index * 1_000 });
    await addTransfer(test.db, { phone, amount: 1_000_000 + index * 1_000 });
    linked.push({ pid, ref });
  }
  const customer = await addCustomer(test.db, { phone: "+50688444444" });
  const unpaid = await addIntent(test.db, { customerId: customer, amount: 2_000_000, createdAt: hoursAfter(-3) });
  await addTransfer(test.db, { description: `pago ${unpaid}`, amount: 2_000_000 });
  await addTransfer(test.db, { phone: "8844-4444", amount: 2_000_000 });
  return { linked, unpaid };
}

const rowsOf = async () =>
  (await matchesOf(test.db)).map(({ state, rule, pid, refs, score, reasons, amount }) => ({ state, rule, pid, refs, score, reasons, amount }));
const byKey = (rows: Awaited<ReturnType<typeof rowsOf>>) => [...rows].sort((a, b) => `${a.pid}${a.refs}${a.state}`.localeCompare(`${b.pid}${b.refs}${b.state}`));

describe("rule 1 beside the other rules", () => {
  it("confirms the linked intents and suggests nothing else for them, as the pass that runs rule 1 first", async () => {
    const { linked, unpaid } = await linkedWhileAwaiting();
    const stats = await runReconciliation(test.db, "test");
    expect(stats.linked).toBe(3);
    const beside = await rowsOf();
    for (const { pid, ref } of linked) {
      expect(beside.filter((m) => m.pid === pid), pid).toEqual([expect.objectContaining({ state: "confirmed", rule: "linked_by_service", refs: [ref] })]);
    }
    expect(beside.filter((m) => m.pid === unpaid).map((m) => `${m.state} ${m.rule}`).sort()).toEqual(["suggested amount_and_sender", "suggested reference_in_description"]);
    // Its rows were counted: the Confirmed queue holds the three links.
    const summary = await queueSummary(test.db, "test");
    expect(summary).toEqual(await queueSummaryFromRows(test.db, "test"));

    // The same rows from a pass in the caller's transaction, which runs rule 1 first and inline.
    await test.db.execute(sql`truncate reconciliation_match_transfers, reconciliation_matches, reconciliation_queue_counts`);
    await test.db.transaction((tx) => runReconciliation(tx, "test"));
    expect(byKey(await rowsOf())).toEqual(byKey(beside));
  });

  it("commits nothing when the pass fails after rule 1 ran, and the next pass confirms", async () => {
    const { linked } = await linkedWhileAwaiting();
    const before = await queueCountTotals(test.db);
    await expect(passFailingAt(test.db, "write suggestions", "the pass fails here")).rejects.toThrow("the pass fails here");
    expect(await rowsOf()).toEqual([]);
    expect(await queueCountTotals(test.db)).toEqual(before);
    expect((await runReconciliation(test.db, "test")).linked).toBe(linked.length);
  });

  it("after rule 1 committed, a failing pass leaves its confirmations counted, and the next pass withdraws what they paid", async () => {
    const customer = await addCustomer(test.db, { phone: "+50688111111" });
    const pid = await addIntent(test.db, { customerId: customer, amount: 1_000_000, createdAt: hoursAfter(-3) });
    const open = await addTransfer(test.db, { phone: "8811-1111", amount: 1_000_000 });
    await runReconciliation(test.db, "test");
    const linked = await addTransfer(test.db, { paymentIntentId: pid, amount: 1_000_000, at: hoursAfter(-1) });
    // A pool of two: rule 1 beside, the other rules in the pass's transaction (not split: see reconciliation-halves).
    const { db, client } = connectDatabase(test.url, { max: 2 });
    try {
      await expect(passFailingAt(db, "analyze matches", "the pass fails after rule 1 committed")).rejects.toThrow("after rule 1 committed");
    } finally {
      await client.end();
    }
    const states = async () => (await rowsOf()).map((m) => `${m.state} ${m.pid} ${m.refs.join(" ")}`).sort();
    expect(await states()).toEqual([`confirmed ${pid} ${linked}`, `suggested ${pid} ${open}`]);
    expect(await queueSummary(test.db, "test")).toEqual(await queueSummaryFromRows(test.db, "test"));
    await runReconciliation(test.db, "test");
    expect(await states()).toEqual([`confirmed ${pid} ${linked}`]);
  });

  it("ends rule 1 before the failing pass lets go of the mode's lock", async () => {
    const { linked } = await linkedWhileAwaiting();
    // Another session's confirmation of the first intent, not yet committed: rule 1's insert waits for it.
    const other = postgres(test.url, { max: 1, onnotice: () => {} });
    const probe = postgres(test.url, { max: 1, onnotice: () => {} });
    try {
      const blocker = await other.reserve();
      await blocker.unsafe("begin");
      await blocker.unsafe(`insert into reconciliation_matches (mode, state, rule, payment_intent_id, transfer_key, transfer_count, amount, currency, transfer_at)
        values ('test', 'confirmed', 'manual', '${linked[0]!.pid}', 'elsewhere', 1, 1, 'CRC', now())`);
      let settled = false;
      const failing = passFailingAt(test.db, "open transfers", "the pass fails while rule 1 waits").finally(() => (settled = true));
      failing.catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(settled).toBe(false);
      const [lock] = await probe.begin((tx) => tx`select pg_try_advisory_xact_lock(7271301, hashtext('test')) as free`);
      expect(lock!.free).toBe(false); // the pass's transaction holds it while rule 1 is still there
      await blocker.unsafe("rollback");
      blocker.release();
      await expect(failing).rejects.toThrow("while rule 1 waits");
      expect(await rowsOf()).toEqual([]);
    } finally {
      await probe.end();
      await other.end();
    }
  });

  it("finishes full passes started together on a pool of three (those with no second connection free run rule 1 inline)", async () => {
    const { linked } = await linkedWhileAwaiting();
    const { db, client } = connectDatabase(test.url, { max: 3 });
    try {
      const passes = await Promise.all([runReconciliation(db, "test"), runReconciliation(db, "live"), runReconciliation(db, "test")]);
      expect(passes.map((p) => p.linked).sort()).toEqual([0, 0, linked.length]);
    } finally {
      await client.end();
    }
  });

  it("lets its pool end while it waits for a connection (a worker stopping mid-pass)", async () => {
    await linkedWhileAwaiting();
    const { db, client } = connectDatabase(test.url, { max: 3 });
    // Two of the three connections busy for a moment: the pass gets the third and waits for a second one.
    const busy = Promise.all([client`select pg_sleep(0.5)`, client`select pg_sleep(0.5)`]);
    const pass = runReconciliation(db, "test");
    pass.catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 100));
    // postgres.js's end() waits for reserved connections and never serves a query that was waiting: a connection
    // reserved while the pass's transaction waited for one kept the pool from ending.
    const ended = await Promise.race([client.end().then(() => "ended"), new Promise((resolve) => setTimeout(() => resolve("still waiting"), 5_000))]);
    await busy.catch(() => {});
    expect(ended).toBe("ended");
  });

  it("lets its pool end while rule 1 runs beside (a worker stopping mid-pass)", async () => {
    const { linked } = await linkedWhileAwaiting();
    // Another session's confirmation of the first intent, not yet committed: rule 1's insert waits for it.
    const other = postgres(test.url, { max: 1, onnotice: () => {} });
    const blocker = await other.reserve();
    const { db, client } = connectDatabase(test.url, { max: 4 });
    try {
      await blocker.unsafe("begin");
      await blocker.unsafe(`insert into reconciliation_matches (mode, state, rule, payment_intent_id, transfer_key, transfer_count, amount, currency, transfer_at)
        values ('test', 'confirmed', 'manual', '${linked[0]!.pid}', 'elsewhere', 1, 1, 'CRC', now())`);
      const pass = runReconciliation(db, "test");
      pass.catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 500));
      const ending = client.end();
      await blocker.unsafe("rollback");
      // A reserved connection, released after end() began, was never closed: end() waited for ever.
      const ended = await Promise.race([ending.then(() => "ended"), new Promise((resolve) => setTimeout(() => resolve("still waiting"), 5_000))]);
      expect(ended).toBe("ended");
      expect((await pass).linked).toBe(linked.length);
    } finally {
      blocker.release();
      await other.end();
    }
  });

  it("runs inline on a pool of one connection (a second could never be had)", async () => {
    const { linked } = await linkedWhileAwaiting();
    const { db, client } = connectDatabase(test.url, { max: 1 });
    try {
      expect((await runReconciliation(db, "test")).linked).toBe(linked.length);
    } finally {
      await client.end();
    }
  });
});
