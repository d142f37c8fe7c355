import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { connectDatabase } from "@/db";
import { addCustomer, addIntent, addTransfer, hoursAfter, matchesOf, passFailingAt, queueCountTotals } from "@/lib/reconciliation/test-fixtures";
import { freshTestDatabase } from "@/scripts/test/database";
import { halfOf, runReconciliation } from "./reconciliation";
import { queueSummary, queueSummaryFromRows } from "./reconciliation-queues";

// A full pass with a third connection splits rules 2–4 in two halves by sender, the second in a transaction of its
// own beside the pass's: the same rows as one transaction, both committed together, just before the pass's own commit.

const test = freshTestDatabase();

beforeEach(async () => {
  await test.db.execute(sql`truncate reconciliation_match_transfers, reconciliation_matches, reconciliation_transfer_keys, reconciliation_intent_keys,
    reconciliation_queue_counts, mobile_transfers, payment_intents, customers cascade`);
});

const rowsOf = async () =>
  (await matchesOf(test.db))
    .map(({ state, rule, pid, refs, score, reasons, amount }) => ({ state, rule, pid, refs, score, reasons, amount }))
    .sort((a, b) => `${a.pid}${a.refs}${a.state}`.localeCompare(`${b.pid}${b.refs}${b.state}`));

/** The half each open transfer's sender puts it in. */
async function halvesOf(refs: string[]) {
  const rows = await test.db.execute<{ ref: string; half: number }>(sql`select k.sinpe_ref_number as ref, ${halfOf(sql`coalesce(k.sender_key, k.sinpe_ref_number)`, 2)} as half
    from reconciliation_transfer_keys k where k.mode = 'test' and k.sinpe_ref_number = any(${sql.raw(`array[${refs.map((r) => `'${r}'`).join(",")}]::text[]`)})`);
  return new Map(rows.map((r) => [r.ref, Number(r.half)]));
}

/** Every rule's kind of candidate, from senders spread over both halves. */
async function everyRule() {
  const refs: string[] = [];
  for (let i = 0; i < 8; i++) {
    const phone = `88${i}${i}-${i}${i}${i}${i}`;
    const customer = await addCustomer(test.db, { phone: `+506${phone.replace("-", "")}` });
    const amount = 1_000_000 + i * 10_000;
    await addIntent(test.db, { customerId: customer, amount, createdAt: hoursAfter(-30), metadata: { orderId: `ORD-${70_000 + i}` } });
    // Rule 3 (the customer's phone, the amount), twice: several candidates.
    refs.push(await addTransfer(test.db, { phone, amount, originId: `9000000${i}0001`, at: hoursAfter(-2) }));
    refs.push(await addTransfer(test.db, { phone, amount, originId: `9000000${i}0002`, at: hoursAfter(-1) }));
    // Rule 2: the order number in the description.
    refs.push(await addTransfer(test.db, { description: `pedido ord-${70_000 + i}`, amount: amount - 1, originId: `9000000${i}0003` }));
    // Rule 4: two transfers of one sender that sum to another awaiting intent of the customer.
    await addIntent(test.db, { customerId: customer, amount: 600_000 + i * 10_000, createdAt: hoursAfter(-30) });
    refs.push(await addTransfer(test.db, { phone, amount: 300_000 + i * 5_000, originId: `9000000${i}0004`, at: hoursAfter(-20) }));
    refs.push(await addTransfer(test.db, { phone, amount: 300_000 + i * 5_000, originId: `9000000${i}0004`, at: hoursAfter(-19) }));
    // Rule 1: a transfer the service linked to a third intent.
    const linked = await addIntent(test.db, { customerId: customer, amount: 50_000, createdAt: hoursAfter(-5) });
    await addTransfer(test.db, { paymentIntentId: linked, amount: 50_000, at: hoursAfter(-4) });
    // A stray.
    refs.push(await addTransfer(test.db, { amount: 12_345, originId: `9000000${i}0005` }));
  }
  return refs;
}

describe("a full pass split in two halves by sender", () => {
  it("writes the same rows as one transaction, and a re-run over changed data withdraws and adds the same", async () => {
    const refs = await everyRule();
    const labels: string[] = [];
    await runReconciliation(test.db, "test", null, { trace: (label) => labels.push(label) });
    // Both halves ran, each with transfers of its own.
    expect(labels).toContain("write suggestions (other half)");
    expect(new Set((await halvesOf(refs)).values())).toEqual(new Set([0, 1]));
    expect(await queueSummary(test.db, "test")).toEqual(await queueSummaryFromRows(test.db, "test"));

    // Changed data: two transfers the service linked since (their suggestions are stale), a new one.
    await test.db.execute(sql`update mobile_transfers set payment_intent_id = (select id from payment_intents order by id limit 1)
      where sinpe_ref_number = any(${sql.raw(`array['${refs[0]}', '${refs[7]}']::text[]`)})`);
    await addTransfer(test.db, { phone: "8800-0000", amount: 1_000_000, originId: "900000099999", at: hoursAfter(-3) });
    await runReconciliation(test.db, "test");
    const split = await rowsOf();
    // Every rule's rows, in both halves.
    expect(new Set(split.map((m) => `${m.state} ${m.rule}`))).toEqual(
      new Set(["confirmed linked_by_service", "suggested reference_in_description", "suggested amount_and_sender", "suggested split_payment"]),
    );
    const written = await halvesOf(split.filter((m) => m.state === "suggested").flatMap((m) => m.refs));
    expect(new Set(written.values())).toEqual(new Set([0, 1]));
    expect(await queueSummary(test.db, "test")).toEqual(await queueSummaryFromRows(test.db, "test"));

    // The same data from no suggestion, in the caller's transaction (one transaction, no split).
    await test.db.execute(sql`truncate reconciliation_match_transfers, reconciliation_matches, reconciliation_queue_counts`);
    await test.db.transaction((tx) => runReconciliation(tx, "test"));
    expect(await rowsOf()).toEqual(split);
  });

  it("commits nothing when the other half fails, and the next pass writes everything", async () => {
    await everyRule();
    const before = await queueCountTotals(test.db);
    await expect(passFailingAt(test.db, "write suggestions (other half)", "the other half fails")).rejects.toThrow("the other half fails");
    expect(await rowsOf()).toEqual([]);
    expect(await queueCountTotals(test.db)).toEqual(before);
    const stats = await runReconciliation(test.db, "test");
    expect(stats.linked).toBe(8);
    expect(stats.inserted).toBeGreaterThan(20);
  });

  it("runs in one transaction on a pool of two (rule 1 takes the second connection)", async () => {
    await everyRule();
    const { db, client } = connectDatabase(test.url, { max: 2 });
    try {
      const labels: string[] = [];
      await runReconciliation(db, "test", null, { trace: (label) => labels.push(label) });
      expect(labels).toContain("rule 1: linked by the service (beside)");
      expect(labels.filter((label) => label.endsWith("(other half)"))).toEqual([]);
    } finally {
      await client.end();
    }
    const pooled = await rowsOf();
    await test.db.execute(sql`truncate reconciliation_match_transfers, reconciliation_matches, reconciliation_queue_counts`);
    await runReconciliation(test.db, "test");
    expect(await rowsOf()).toEqual(pooled);
  });

  it("after both halves and rule 1 committed, a failing pass leaves what they wrote counted, and the next pass finishes", async () => {
    const customer = await addCustomer(test.db, { phone: "+50688111111" });
    const pid = await addIntent(test.db, { customerId: customer, amount: 1_000_000, createdAt: hoursAfter(-3) });
    // Six candidates of one intent, from six senders (their ids): some in each half.
    const open: string[] = [];
    for (let i = 1; i <= 6; i++) open.push(await addTransfer(test.db, { phone: "8811-1111", originId: `90000000000${i}`, amount: 1_000_000 }));
    await runReconciliation(test.db, "test");
    const half = await halvesOf(open);
    expect(new Set(half.values())).toEqual(new Set([0, 1]));
    // The service links a seventh transfer to the intent: every suggestion is stale.
    const linked = await addTransfer(test.db, { paymentIntentId: pid, amount: 1_000_000, at: hoursAfter(-1) });
    await expect(passFailingAt(test.db, "analyze matches", "the pass fails after its halves committed")).rejects.toThrow("after its halves committed");
    const states = async () => (await rowsOf()).map((m) => `${m.state} ${m.refs.join(" ")}`).sort();
    // Rule 1's confirmation and the other half's withdrawals are committed; this half's withdrawals are not.
    expect(await states()).toEqual([`confirmed ${linked}`, ...open.filter((ref) => half.get(ref) === 0).map((ref) => `suggested ${ref}`)].sort());
    expect(await queueSummary(test.db, "test")).toEqual(await queueSummaryFromRows(test.db, "test"));
    await runReconciliation(test.db, "test");
    expect(await states()).toEqual([`confirmed ${linked}`]);
    expect(await queueSummary(test.db, "test")).toEqual(await queueSummaryFromRows(test.db, "test"));
  });
});
