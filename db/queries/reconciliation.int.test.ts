import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { descriptionTokens, normalizeName, normalizePhone, normalizeSenderId, referenceValue } from "@/lib/reconciliation/normalize";
import { scoreOf } from "@/lib/reconciliation/score";
import type { Reason } from "@/lib/reconciliation/reasons";
import { addCustomer, addIntent, addTransfer, hoursAfter, matchesOf } from "@/lib/reconciliation/test-fixtures";
import { statusRank } from "@/lib/webhooks/status-rank";
import { freshTestDatabase } from "@/scripts/test/database";
import { runReconciliation } from "./reconciliation";
import { queueSummary, queueSummaryFromRows } from "./reconciliation-queues";

// @smoke: the rules' set-based SQL, as each server plans and runs it.
// The rules against real PostgreSQL: each rule's positive case and the near misses it must not suggest.

const test = freshTestDatabase();
const run = (scope: Parameters<typeof runReconciliation>[2] = null) => runReconciliation(test.db, "test", scope);
const suggested = async () => (await matchesOf(test.db)).filter((m) => m.state === "suggested");
const codes = (reasons: { code: string }[]) => reasons.map((r) => r.code);

/**
 * One customer with a phone, `n` intents awaiting money (₡1 001, ₡1 002, …, created 2 hours before T0) and, from that
 * phone, `n` transfers of those amounts at T0: each transfer a rule-3 suggestion for its intent.
 */
async function customerPayingOften(n: number) {
  const customer = await addCustomer(test.db, { phone: "+50688123456" });
  const created = hoursAfter(-2).toISOString();
  await test.db.execute(sql`insert into payment_intents (mode, id, status, status_rank, amount, currency, customer_id, metadata, created_at, last_event_at)
    select 'test', 'pi_often' || g, 'processing', ${statusRank("processing")}, 100000 + g * 100, 'CRC', ${customer}, '{}'::jsonb, ${created}::timestamptz, ${created}::timestamptz
    from generate_series(1, ${n}::int) g`);
  await test.db.execute(sql`insert into mobile_transfers (mode, sinpe_ref_number, amount, currency, origin_name, origin_phone, description, authorization_date, status, source)
    select 'test', lpad(g::text, 25, '0'), 100000 + g * 100, 'CRC', 'Persona', '8812-3456', 'SINPE', ${hoursAfter(0).toISOString()}::timestamptz, 'received', 'webhook'
    from generate_series(1, ${n}::int) g`);
  return customer;
}

beforeEach(async () => {
  await test.db.execute(sql`truncate reconciliation_match_transfers, reconciliation_matches, reconciliation_transfer_keys, reconciliation_intent_keys, mobile_transfers, payment_intents, customers cascade`);
});

describe("the SQL keys agree with lib/reconciliation/normalize.ts", () => {
  it("gives the same phone, id, name and words for the same input", async () => {
    const phones = ["8812-3456", "+506 8812 3456", "0050688123456", "506 88123456", "+1 (555) 123-4567", "", "abc"];
    const ids = ["01-1234-5678", "0112345678", "3-101-123456", "4-000-123456", "112345678901", "512345678901", "912345678901", "1-1234-5678", "A123", " 3 101 123456 "];
    const names = ["José  PÉREZ-Mora", "ÑANDÚ ñandú", "  ", "María José Rodríguez"];
    const texts = ["Pago pedido #31738 ORD-55123 pi_abc123def", "SINPE Ana", null, "ord-2026-11"];
    for (const raw of phones) {
      const [row] = await test.db.execute<{ v: string | null }>(sql`select rc_phone(${raw}) as v`);
      expect(row!.v, raw).toBe(normalizePhone(raw));
    }
    for (const raw of ids) {
      const [row] = await test.db.execute<{ v: string | null }>(sql`select rc_sender_id(${raw}) as v`);
      expect(row!.v, raw).toBe(normalizeSenderId(raw)?.replace(/-/g, "") ?? null);
    }
    for (const raw of names) {
      const [row] = await test.db.execute<{ v: string | null }>(sql`select rc_name(${raw}) as v`);
      expect(row!.v, raw).toBe(normalizeName(raw));
    }
    for (const raw of texts) {
      const [row] = await test.db.execute<{ v: string[] }>(sql`select rc_description_tokens(${raw}) as v`);
      expect(row!.v, String(raw)).toEqual(descriptionTokens(raw).sort());
    }
    const metadata = { orderId: "ORD-31738", canal: "web", mes: "2026-11", cedula: "0112345678" };
    const [row] = await test.db.execute<{ v: string[] }>(sql`select rc_reference_values('pi_X1', ${JSON.stringify(metadata)}::jsonb) as v`);
    const expected = Object.values(metadata).map(referenceValue).filter((v): v is string => v !== null);
    expect(row!.v).toEqual(["pi_x1", ...new Set(expected)].sort((a, b) => (a === "pi_x1" ? -1 : b === "pi_x1" ? 1 : a < b ? -1 : 1)));
  });
});

describe("rule 1: linked by the service", () => {
  it("confirms the transfer against its intent with no operator, once however often the rules run", async () => {
    const pid = await addIntent(test.db, { status: "succeeded" });
    const ref = await addTransfer(test.db, { paymentIntentId: pid });
    expect((await run()).linked).toBe(1);
    expect((await run()).linked).toBe(0);
    const rows = await matchesOf(test.db);
    expect(rows).toMatchObject([{ state: "confirmed", rule: "linked_by_service", pid, refs: [ref], score: 100 }]);
  });
});

describe("rule 2: an intent's id or order number in the description", () => {
  it("suggests the intent the description names, high, and shows a different amount as a difference", async () => {
    const byId = await addIntent(test.db, { status: "requires_payment_method", amount: 1_000_000 });
    const byOrder = await addIntent(test.db, { metadata: { orderId: "31738", canal: "web" }, amount: 2_000_000, createdAt: hoursAfter(-500) });
    const ref1 = await addTransfer(test.db, { description: `pago ${byId.toUpperCase()}`, amount: 1_000_000 });
    const ref2 = await addTransfer(test.db, { description: "Pedido #31738", amount: 1_990_000 });
    await run();
    const rows = await suggested();
    const first = rows.find((r) => r.pid === byId)!;
    expect(first).toMatchObject({ rule: "reference_in_description", refs: [ref1] });
    expect(codes(first.reasons)).toEqual(["intent_id_in_description", "same_amount", "within_window"]);
    expect(first.score).toBeGreaterThanOrEqual(80);
    const second = rows.find((r) => r.pid === byOrder)!;
    expect(second).toMatchObject({ rule: "reference_in_description", refs: [ref2] });
    expect(second.reasons).toEqual([
      { code: "metadata_in_description", key: "orderId", value: "31738" },
      { code: "amount_difference", difference: -10_000, currency: "CRC" },
    ]); // created 500 hours before: no "within 72 hours" for it
    expect(second.score).toBe(scoreOf(second.reasons as Reason[]));
    expect(second.score).toBeGreaterThanOrEqual(80);
  });

  it("never suggests a canceled or already-paid intent", async () => {
    await addIntent(test.db, { id: "pi_canceled_one", status: "canceled" });
    await addIntent(test.db, { id: "pi_paid_one", status: "succeeded" });
    await addTransfer(test.db, { description: "pi_canceled_one pi_paid_one" });
    await run();
    expect(await suggested()).toEqual([]);
  });
});

describe("rule 3: amount, currency, awaiting, 72 hours and the sender", () => {
  it("suggests with a score and every reason when the sender's phone is the customer's", async () => {
    const customer = await addCustomer(test.db, { phone: "+506 8812-3456", name: "María José Rodríguez" });
    const pid = await addIntent(test.db, { customerId: customer, createdAt: hoursAfter(-5) });
    const ref = await addTransfer(test.db, { phone: "8812-3456", name: "MARIA JOSE RODRIGUEZ" });
    await run();
    const [row] = await suggested();
    expect(row).toMatchObject({ rule: "amount_and_sender", pid, refs: [ref] });
    expect(row!.reasons).toEqual([
      { code: "same_amount", amount: 1_500_000, currency: "CRC" },
      { code: "sender_phone_is_customer", phone: "+50688123456" },
      { code: "sender_name_is_customer", name: "maria jose rodriguez" },
      { code: "within_window", hours: 5 },
    ]);
    expect(row!.score).toBe(scoreOf(row!.reasons as Reason[]));
  });

  it("matches the sender id against an id in the intent's metadata", async () => {
    const pid = await addIntent(test.db, { metadata: { cedula: "01-1234-5678" } });
    await addTransfer(test.db, { originId: "0112345678", phone: null, name: null });
    await run();
    const [row] = await suggested();
    expect(row!.pid).toBe(pid);
    expect(row!.reasons).toContainEqual({ code: "sender_id_in_metadata", key: "cedula", id: "0112345678" });
  });

  it("suggests nothing outside the window, for another currency, another amount, a paid intent or a stranger", async () => {
    const customer = await addCustomer(test.db, { phone: "+50688123456" });
    await addIntent(test.db, { customerId: customer, createdAt: hoursAfter(-73) });
    await addIntent(test.db, { customerId: customer, createdAt: hoursAfter(1) });
    await addIntent(test.db, { customerId: customer, currency: "USD" });
    await addIntent(test.db, { customerId: customer, amount: 1_500_100 });
    await addIntent(test.db, { customerId: customer, status: "succeeded" });
    await addIntent(test.db, { customerId: await addCustomer(test.db, { phone: "+50660000000", name: "Otra Persona" }) });
    await addTransfer(test.db, { phone: "8812-3456" });
    await run();
    expect(await suggested()).toEqual([]);
  });

  it("shows every candidate when several intents fit, none preferred", async () => {
    const customer = await addCustomer(test.db, {});
    const a = await addIntent(test.db, { customerId: customer });
    const b = await addIntent(test.db, { customerId: customer, createdAt: hoursAfter(-30) });
    await addTransfer(test.db, { phone: "88123456" });
    await run();
    const rows = await suggested();
    expect(rows.map((r) => r.pid).sort()).toEqual([a, b].sort());
    for (const row of rows) expect(row.reasons).toContainEqual({ code: "several_candidates", count: 2 });
  });
});

describe("rule 4: split payments", () => {
  it("suggests two transfers of one sender within 72 hours that sum to the intent as one set", async () => {
    const customer = await addCustomer(test.db, {});
    const pid = await addIntent(test.db, { customerId: customer, amount: 2_000_000 });
    const first = await addTransfer(test.db, { phone: "8812-3456", amount: 1_200_000, originId: "0112345678" });
    const second = await addTransfer(test.db, { phone: "8812-3456", amount: 800_000, originId: "0112345678", at: hoursAfter(30) });
    await run();
    const rows = await suggested();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rule: "split_payment", pid, refs: [first, second].sort(), amount: 2_000_000 });
    expect(codes(rows[0]!.reasons)).toEqual(["same_amount", "sender_phone_is_customer", "split_transfers", "within_window"]);
  });

  it("does not join transfers more than 72 hours apart", async () => {
    const customer = await addCustomer(test.db, {});
    await addIntent(test.db, { customerId: customer, amount: 2_000_000 });
    await addTransfer(test.db, { phone: "8812-3456", amount: 1_200_000, originId: "0112345678" });
    await addTransfer(test.db, { phone: "8812-3456", amount: 800_000, originId: "0112345678", at: hoursAfter(73) });
    await run();
    expect(await suggested()).toEqual([]);
  });
});

describe("rule 5 and re-runs", () => {
  it("leaves a stray transfer without any row, and a re-run changes nothing", async () => {
    await addTransfer(test.db, { amount: 1_234_500 });
    const first = await run();
    expect(first).toMatchObject({ suggestions: 0, inserted: 0 });
    expect(await matchesOf(test.db)).toEqual([]);
  });

  it("withdraws a suggestion whose intent was canceled since, and a scoped run finds a new transfer's match", async () => {
    const customer = await addCustomer(test.db, {});
    const pid = await addIntent(test.db, { customerId: customer });
    await run();
    const ref = await addTransfer(test.db, { phone: "88123456" });
    expect(await run({ refs: [ref] })).toMatchObject({ inserted: 1 });
    expect(await run()).toMatchObject({ inserted: 0, deleted: 0 });
    await test.db.execute(sql`update payment_intents set status = 'canceled' where id = ${pid}`);
    expect(await run()).toMatchObject({ deleted: 1 });
    expect(await suggested()).toEqual([]);
  });

  it("a re-run rewrites only the suggestions whose reasons changed, in place, and leaves the others' rows as they were", async () => {
    const customer = await addCustomer(test.db, {});
    const a = await addIntent(test.db, { customerId: customer });
    const ref = await addTransfer(test.db, { phone: "88123456" });
    await run();
    const version = async () =>
      (await test.db.execute<{ id: number; xmin: string }>(sql`select id::int, xmin::text from reconciliation_matches where state = 'suggested' order by id`)).map((r) => ({ ...r }));
    const before = await version();
    expect(await run()).toMatchObject({ suggestions: 1, inserted: 0, deleted: 0 });
    expect(await version()).toEqual(before);
    // A second intent the transfer could pay: the first suggestion now says "several candidates" (same row, new reasons).
    const b = await addIntent(test.db, { customerId: customer, createdAt: hoursAfter(-30) });
    expect(await run()).toMatchObject({ suggestions: 2, inserted: 1, deleted: 0 });
    const rows = await suggested();
    expect(rows.map((r) => [r.id, r.pid, r.refs])).toEqual([[before[0]!.id, a, [ref]], [expect.any(Number), b, [ref]]]);
    for (const row of rows) expect(row.reasons).toContainEqual({ code: "several_candidates", count: 2 });
    expect(rows[0]!.score).toBe(scoreOf(rows[0]!.reasons as Reason[]));
  });

  it("a pass scoped to what a sync wrote: an intent closed since loses its suggestion, a customer's new phone finds one", async () => {
    const customer = await addCustomer(test.db, { phone: "+506 6000 0001", name: "Otra Persona" });
    const pid = await addIntent(test.db, { customerId: customer });
    const ref = await addTransfer(test.db, { phone: "8812-3456", name: "Persona Desconocida" });
    expect(await run({ refs: [ref] })).toMatchObject({ inserted: 0 });
    // The sync rewrites the customer with the phone the transfer came from: its pass is scoped to that customer.
    await test.db.execute(sql`update customers set phone = '+506 8812 3456' where id = ${customer}`);
    expect(await run({ customerIds: [customer] })).toMatchObject({ inserted: 1 });
    expect(await suggested()).toMatchObject([{ pid, refs: [ref] }]);
    // The sync then reads the intent as paid elsewhere: its pass is scoped to the intent, whose transfers it no longer reaches.
    await test.db.execute(sql`update payment_intents set status = 'succeeded', status_rank = 10 where id = ${pid}`);
    expect(await run({ intentIds: [pid] })).toMatchObject({ deleted: 1 });
    expect(await suggested()).toEqual([]);
    expect(await run()).toMatchObject({ inserted: 0, deleted: 0 });
  });
});

describe("a scoped pass and a full pass", () => {
  // What the rules wrote, without the rows' ids and times of writing.
  const written = async () =>
    (
      await test.db.execute(sql`select m.state, m.rule, m.payment_intent_id as pid, m.transfer_key, m.transfer_count, m.amount::text, m.currency,
          m.intent_amount::text, m.score, rc_reasons(m) as reasons, m.transfer_at, m.fingerprint::text,
          (select array_agg(mt.sinpe_ref_number || ':' || mt.state order by mt.sinpe_ref_number) from reconciliation_match_transfers mt where mt.match_id = m.id) as members
        from reconciliation_matches m where m.mode = 'test' order by m.state, m.payment_intent_id, m.transfer_key`)
    ).map((row) => ({ ...row }));

  it("write the same suggestions, reasons and scores: scoped passes as each row arrives, then a full pass from nothing", async () => {
    // Written the way the app writes them, each followed by the pass its writer queues (lib/reconciliation/jobs.ts).
    const ana = await addCustomer(test.db, { phone: "+506 8812 3456", name: "Ana Mora" });
    const luis = await addCustomer(test.db, { phone: "+506 8700 0001", name: "Luis Vargas" });
    const sofia = await addCustomer(test.db, { phone: "+506 6000 0002", name: "Sofía Pérez" });
    const intents: string[] = [];
    const intent = async (fields: Parameters<typeof addIntent>[1]) => {
      const id = await addIntent(test.db, fields);
      intents.push(id);
      expect(await run({ intentIds: [id] })).toBeTruthy();
      return id;
    };
    const transfer = async (fields: Parameters<typeof addTransfer>[1]) => {
      const ref = await addTransfer(test.db, fields);
      await run({ refs: [ref] });
      return ref;
    };
    const first = await intent({ customerId: ana, createdAt: hoursAfter(-5) });
    const order = await intent({ metadata: { orderId: "31738", canal: "web" }, amount: 2_000_000, createdAt: hoursAfter(-500) });
    const split = await intent({ customerId: luis, amount: 2_000_000 });
    const byId = await intent({ metadata: { cedula: "01-1234-5678" }, amount: 900_000 });
    const paidLater = await intent({ customerId: sofia, amount: 700_000 });
    const linkedTo = await intent({ status: "succeeded", amount: 500_000 });
    const rejected = await intent({ customerId: ana, amount: 1_100_000 });
    await transfer({ phone: "8812-3456", name: "ANA MORA" }); // rule 3 by phone and name
    await transfer({ description: "Pedido #31738", amount: 1_990_000 }); // rule 2 by order number
    await transfer({ description: `pago ${first}`, amount: 1_500_000 }); // rule 2 by id
    await transfer({ phone: "8700-0001", originId: "0300000001", amount: 1_200_000 }); // a split's first half: nothing yet
    await transfer({ phone: "8700-0001", originId: "0300000001", amount: 800_000, at: hoursAfter(30) }); // the second half: rule 4
    await transfer({ originId: "0112345678", phone: null, name: null, amount: 900_000 }); // rule 3 by the sender's id
    await transfer({ phone: "6000-0002", amount: 700_000 }); // rule 3, for an intent paid elsewhere below
    await transfer({ paymentIntentId: linkedTo, amount: 500_000 }); // rule 1
    const pair = await transfer({ phone: "8812-3456", amount: 1_100_000 }); // an operator rejects this pair below
    await transfer({ amount: 1_234_500 }); // a stray
    // A second intent the first transfer could pay: both suggestions say "several candidates".
    await intent({ customerId: ana, createdAt: hoursAfter(-30) });
    // The intent is paid elsewhere: the sync writes it, and its pass withdraws its suggestion.
    await test.db.execute(sql`update payment_intents set status = 'succeeded', status_rank = ${statusRank("succeeded")} where id = ${paidLater}`);
    await run({ intentIds: [paidLater] });
    // A customer's new phone: the sync's pass for the customer finds the transfer it sent.
    await test.db.execute(sql`update customers set phone = '+506 7000 0000' where id = ${sofia}`);
    await addIntent(test.db, { customerId: sofia, amount: 1_500_000 });
    await run({ customerIds: [sofia] });
    // One sync batch: an intent canceled and its replacement, one pass for both. The transfer's suggestion moves from
    // one to the other (withdrawn and written by the same pass: the Unmatched count must not move).
    const marta = await addCustomer(test.db, { phone: "+506 8300 0003", name: "Marta Jiménez" });
    const replaced = await intent({ customerId: marta, amount: 600_000 });
    await transfer({ phone: "8300-0003", amount: 600_000 });
    await test.db.execute(sql`update payment_intents set status = 'canceled', status_rank = ${statusRank("canceled")} where id = ${replaced}`);
    const replacement = await addIntent(test.db, { customerId: marta, amount: 600_000 });
    expect(await run({ intentIds: [replaced, replacement] })).toMatchObject({ inserted: 1, deleted: 1 });
    // An operator's rejection: the pair is not suggested again, by either pass.
    await test.db.execute(sql`with m as (
        update reconciliation_matches set state = 'rejected' where state = 'suggested' and payment_intent_id = ${rejected} and transfer_key = ${pair} returning id)
      select count(*)::int as n from m`);
    await run({ refs: [pair] });

    const scoped = await written();
    const rules = new Set(scoped.map((r) => `${r.state} ${r.rule}`));
    expect([...rules].sort()).toEqual([
      "confirmed linked_by_service",
      "rejected amount_and_sender",
      "suggested amount_and_sender",
      "suggested reference_in_description",
      "suggested split_payment",
    ]);
    expect(JSON.stringify(scoped)).toContain("several_candidates");
    expect(JSON.stringify(scoped)).toContain("sender_id_in_metadata");
    expect(scoped.some((r) => r.pid === paidLater)).toBe(false);
    expect(scoped.some((r) => r.pid === split && r.transfer_count === 2)).toBe(true);
    expect(scoped.some((r) => r.pid === order && r.state === "suggested")).toBe(true);
    expect(scoped.some((r) => r.pid === byId && r.state === "suggested")).toBe(true);
    // The counts the scoped passes' triggers kept are the rows' counts.
    expect(await queueSummary(test.db, "test")).toEqual(await queueSummaryFromRows(test.db, "test"));

    // Everything the rules wrote, and their keys, gone; the operator's rejection stays. Then one full pass.
    await test.db.execute(sql`delete from reconciliation_matches where state = 'suggested' or rule = 'linked_by_service'`);
    await test.db.execute(sql`truncate reconciliation_transfer_keys, reconciliation_intent_keys`);
    await run();
    expect(await written()).toEqual(scoped);
    expect(intents.length).toBeGreaterThan(0);
  });

  it("plans a scoped pass once per connection, not once per pass", async () => {
    const customer = await addCustomer(test.db, {});
    await addIntent(test.db, { customerId: customer });
    // One transaction, so one connection (which earlier tests may have used): eight passes, each over a new transfer.
    const [before, after] = await test.db.transaction(async (tx) => {
      const plans = async () =>
        (
          await tx.execute<{ generic: number; custom: number }>(
            sql`select coalesce(sum(generic_plans), 0)::int as generic, coalesce(sum(custom_plans), 0)::int as custom from pg_prepared_statements
              where statement like '%rc_found as (%'`,
          )
        )[0]!;
      const first = await plans();
      for (let i = 0; i < 8; i++) await runReconciliation(tx, "test", { refs: [await addTransfer(tx, { phone: "88123456" })] });
      return [first, await plans()];
    });
    // PostgreSQL plans a prepared statement's first five runs for their values, then runs a plan it keeps.
    expect(after!.generic + after!.custom - before!.generic - before!.custom).toBe(8);
    expect(after!.custom).toBeLessThanOrEqual(5);
  });

  it("leaves the caller's transaction planning as before", async () => {
    const ref = await addTransfer(test.db, {});
    const setting = await test.db.transaction(async (tx) => {
      await runReconciliation(tx, "test", { refs: [ref] });
      return (await tx.execute<{ v: string }>(sql`select current_setting('enable_seqscan') as v`))[0]!.v;
    });
    expect(setting).toBe("on");
  });
});

describe("a scoped pass over a customer", () => {
  it("reads each of the customer's transfers once, not once per awaiting intent", async () => {
    // A customer who pays often from one phone: 40 awaiting intents, 40 transfers. The scope's references were found
    // one (intent, transfer) pair at a time, each probing the transfers: at 10,000 of each, 100 million probes (170 s).
    const customer = await customerPayingOften(40);
    await run(); // writes the transfers' keys
    await test.db.execute(sql`delete from reconciliation_matches`);
    const plans: Record<string, string> = {};
    await runReconciliation(test.db, "test", { customerIds: [customer] }, { explain: (label, plan) => (plans[label] = plan) });
    const plan = plans["rule 1: linked by the service"]!;
    // No step yields a row per pair, and the transfers are read once per transfer at most.
    const rows = [...plan.matchAll(/actual rows=([\d.]+)/g)].map(([, n]) => Number(n));
    expect(Math.max(...rows)).toBeLessThan(40 * 40);
    const transferReads = [...plan.matchAll(/ on mobile_transfers \w+ \(actual rows=[\d.]+ loops=(\d+)\)/g)].map(([, loops]) => Number(loops));
    // The transfers' words (rule 2) are tested once for all the scope's intents, not once per intent.
    const wordReads = plan.split("->").filter((node) => / on reconciliation_transfer_keys /.test(node) && node.includes("tokens &&"));
    expect(wordReads.length).toBeGreaterThan(0);
    expect(wordReads.map((node) => Number(/loops=(\d+)/.exec(node)![1]))).toEqual(wordReads.map(() => 1));
    expect(transferReads.length).toBeGreaterThan(0);
    expect(Math.max(...transferReads)).toBeLessThanOrEqual(40);
    await test.db.execute(sql`delete from reconciliation_matches`);
    expect((await run({ customerIds: [customer] })).inserted).toBe(40);
    expect((await suggested()).map((m) => m.refs.length)).toEqual(Array(40).fill(1));
  });

  it("keeps rule 4's runs that touch its scope by each transfer's membership, not by comparing each run with the whole scope", async () => {
    // `refs && array(scope)` compared every run with every reference in scope: a customer's 10,000 transfers in scope
    // made 30,000 runs and 300 million comparisons (1.9 s of the statement's 2.2 s).
    const customer = await addCustomer(test.db, { phone: "+50688123456" });
    const intent = await addIntent(test.db, { customerId: customer, amount: 2_000_000 });
    await addTransfer(test.db, { phone: "8812-3456", originId: null, amount: 1_000_000, at: hoursAfter(0) });
    const second = await addTransfer(test.db, { phone: "8812-3456", originId: null, amount: 1_000_000, at: hoursAfter(1) });
    await run(); // writes the transfers' keys
    await test.db.execute(sql`delete from reconciliation_matches`);
    const plans: Record<string, string> = {};
    await runReconciliation(test.db, "test", { refs: [second] }, { explain: (label, plan) => (plans[label] = plan) });
    expect(plans["rules 2–4, withdraw and write suggestions"]).toMatch(/Values Scan/);
    expect(plans["rules 2–4, withdraw and write suggestions"]).not.toMatch(/Values Scan[^\n]*\n\s*Filter: [^\n]*&&/);
    await test.db.execute(sql`delete from reconciliation_matches`);
    await run({ refs: [second] });
    expect((await suggested()).map((m) => [m.pid, m.refs.length])).toEqual([[intent, 2]]);
  });
});

describe("a scoped pass over a customer whose transfers arrived at one instant", () => {
  // The most rows any step of the plan read or compared: each node's rows, and the rows its filters removed, over all
  // its loops (EXPLAIN prints both per loop).
  const mostRowsTouched = (plan: string) =>
    Math.max(
      ...plan.split("->").map((node) => {
        const [, rows, loops] = /actual rows=([\d.]+) loops=(\d+)/.exec(node) ?? [, "0", "0"];
        const removed = [...node.matchAll(/Rows Removed by (?:Join )?Filter: ([\d.]+)/g)].reduce((sum, [, n]) => sum + Number(n), 0);
        return (Number(rows) + removed) * Number(loops);
      }),
    );
  const rulesTwoToFour = async (scope: Parameters<typeof runReconciliation>[2]) => {
    const plans: Record<string, string> = {};
    await runReconciliation(test.db, "test", scope, { explain: (label, plan) => (plans[label] = plan) });
    return plans["rules 2–4, withdraw and write suggestions"]!;
  };

  it("joins rule 4's runs, the candidates and the suggestions to withdraw by hashing, not once per row", async () => {
    // 5,000 transfers at one instant make 14,994 runs of rule 4 (each transfer's next three): planned on the CTEs'
    // guesses (a row or two), their join with the 5,000 awaiting intents was a nested loop (150 million pairs, 12–14 s),
    // and so was the withdrawal's with the candidates on a re-run (36 million, 15 s).
    const n = 200;
    const customer = await customerPayingOften(n);
    await run(); // writes the transfers' keys (and the suggestions, deleted below)
    // The tables' statistics, as autovacuum keeps them: with none, the awaiting intents and the suggestions are read as
    // the few rows of empty tables would be (scanned once per row).
    await test.db.execute(sql`analyze`);
    await test.db.execute(sql`delete from reconciliation_matches`);
    const scope = { customerIds: [customer] };
    expect(mostRowsTouched(await rulesTwoToFour(scope))).toBeLessThan(n * 20);
    await test.db.execute(sql`delete from reconciliation_matches`); // written without their transfers under EXPLAIN
    expect((await run(scope)).inserted).toBe(n);
    // A re-run finds every suggestion there.
    expect(mostRowsTouched(await rulesTwoToFour(scope))).toBeLessThan(n * 20);
    expect((await suggested()).map((m) => m.refs.length)).toEqual(Array(n).fill(1));
  });

  it("tests each candidate against the decisions by its intent and transfers, not every row of its intent", async () => {
    // Every transfer of one amount, every intent of it: each intent has a suggestion per transfer. A re-run probed the
    // confirmed and rejected rows by the intent alone and read all of them per candidate: at 500 of each (250,000
    // suggestions), 125 million rows, 176 s.
    const n = 100;
    const customer = await customerPayingOften(n);
    // The statistics of a merchant's history (20,000 payments confirmed) and of one suggestion per intent (each transfer
    // of its own amount), then every amount the same.
    await test.db.execute(sql`insert into reconciliation_matches (mode, state, rule, payment_intent_id, transfer_key, transfer_count, amount, currency, intent_amount, score, reasons, transfer_at)
      select 'test', 'confirmed', 'linked_by_service', 'pi_paid' || g, 'paid' || g, 1, 1000, 'CRC', 1000, 100, '[]', ${hoursAfter(-100).toISOString()}::timestamptz
      from generate_series(1, 20000) g`);
    await run();
    await test.db.execute(sql`update payment_intents set amount = 500000`);
    await test.db.execute(sql`update mobile_transfers set amount = 500000`);
    const scope = { customerIds: [customer] };
    await run(scope);
    expect(await suggested()).toHaveLength(n * n);
    expect(mostRowsTouched(await rulesTwoToFour(scope))).toBeLessThan(n * n * 5);
    expect((await run(scope)).inserted).toBe(0);
  });
});

describe("a scoped pass's sender ids", () => {
  it("are unnested before the join, so the id is a join key", async () => {
    // Joined on the amount first and unnested after, a customer's pass at one popular price compared its transfers with
    // every awaiting intent of that price (5 million rows, 0.4 s at 100,000 intents) before finding no sender id at all.
    const customer = await addCustomer(test.db, { phone: null });
    const intent = await addIntent(test.db, { customerId: customer, amount: 1_000_000, metadata: { cedula: "0112345678" } });
    const ref = await addTransfer(test.db, { originId: "01-1234-5678", amount: 1_000_000 });
    // A popular price: 3,000 more intents awaiting the same amount, none with a sender id.
    await test.db.execute(sql`insert into payment_intents (mode, id, status, status_rank, amount, currency, customer_id, metadata, created_at, last_event_at)
      select 'test', 'pi_popular' || g, 'processing', ${statusRank("processing")}, 1000000, 'CRC', null, '{}'::jsonb, ${hoursAfter(-2).toISOString()}::timestamptz, ${hoursAfter(-2).toISOString()}::timestamptz
      from generate_series(1, 3000) g`);
    await test.db.execute(sql`analyze payment_intents`);
    const plans: Record<string, string> = {};
    await runReconciliation(test.db, "test", { refs: [ref] }, { explain: (label, plan) => (plans[label] = plan) });
    expect(plans["rules 2–4, withdraw and write suggestions"]).not.toMatch(/Filter: \(\w+\.sid = split_part/);
    await test.db.execute(sql`delete from reconciliation_matches`);
    await run({ refs: [ref] });
    const [match] = await suggested();
    expect(match).toMatchObject({ pid: intent, refs: [ref] });
    expect(codes(match!.reasons)).toContain("sender_id_in_metadata");
  });
});

describe("a scoped pass's words", () => {
  it("are joined to the intents they name on the word, once, not per named intent or on the currency alone", async () => {
    // A sync page's scope at 100,000 (5,336 transfers, 1,668 intents named): planned on a guess of a few named intents,
    // the join compared 12 million pairs (4.7 s of the statement's 4.9 s).
    const n = 300;
    await test.db.execute(sql`insert into payment_intents (mode, id, status, status_rank, amount, currency, customer_id, metadata, created_at, last_event_at)
      select 'test', 'pi_order' || g, 'processing', ${statusRank("processing")}, 100000 + g * 100, 'CRC', null, jsonb_build_object('orderId', (500000 + g)::text),
        ${hoursAfter(-2).toISOString()}::timestamptz, ${hoursAfter(-2).toISOString()}::timestamptz
      from generate_series(1, ${n}) g`);
    await test.db.execute(sql`insert into mobile_transfers (mode, sinpe_ref_number, amount, currency, origin_name, origin_phone, description, authorization_date, status, source)
      select 'test', lpad(g::text, 25, '0'), 100000 + g * 100, 'CRC', 'Persona', '8812-' || lpad(g::text, 4, '0'), 'Pago pedido ' || (500000 + g) || ' de la tienda', ${hoursAfter(0).toISOString()}::timestamptz, 'received', 'webhook'
      from generate_series(1, ${n}) g`);
    await run(); // writes the keys
    await test.db.execute(sql`delete from reconciliation_matches`);
    await test.db.execute(sql`analyze`);
    const intentIds = Array.from({ length: n }, (_, i) => `pi_order${i + 1}`);
    const plans: Record<string, string> = {};
    await runReconciliation(test.db, "test", { intentIds }, { explain: (label, plan) => (plans[label] = plan) });
    const rowsRead = [...plans["rules 2–4, withdraw and write suggestions"]!.matchAll(/actual rows=([\d.]+) loops=(\d+)/g)].map(([, rows, loops]) => Number(rows) * Number(loops));
    expect(Math.max(...rowsRead)).toBeLessThan(n * 10);
    await test.db.execute(sql`delete from reconciliation_matches`);
    expect((await run({ intentIds })).inserted).toBe(n);
    expect((await suggested()).every((m) => m.rule === "reference_in_description")).toBe(true);
  });
});

describe("a full pass's writes", () => {
  it("hash or merge their anti-joins against the suggestions even when the statistics say the table is empty", async () => {
    // No transfer linked by the service (rule 1 writes nothing) and every suggestion gone, as autovacuum's analyze last
    // saw it: planned on "empty", the write's anti-join looped over the table it was filling, once per new row.
    await customerPayingOften(300);
    await test.db.execute(sql`vacuum analyze reconciliation_matches`);
    const plans: Record<string, string> = {};
    await runReconciliation(test.db, "test", null, { explain: (label, plan) => (plans[label] = plan) });
    // The new suggestions are inserted in (intent, transfers) order, which a merge join may give: either reads the table once.
    expect(plans["write suggestions"]).toMatch(/Insert on reconciliation_matches[\s\S]*(Hash|Merge) Anti Join/);
    expect(plans["write suggestions"]).not.toContain("Nested Loop Anti Join");
    expect(plans["withdraw stale suggestions"]).not.toContain("Nested Loop");
    expect(plans["rule 1: linked by the service"]).not.toContain("Nested Loop");
    expect((await suggested()).length).toBe(300);
  });

  it("leave the caller's transaction planning as before", async () => {
    await addTransfer(test.db, {});
    const setting = await test.db.transaction(async (tx) => {
      await runReconciliation(tx, "test", null);
      return (await tx.execute<{ v: string }>(sql`select current_setting('enable_nestloop') as v`))[0]!.v;
    });
    expect(setting).toBe("on");
  });
});

describe("the key tables' word indexes", () => {
  it("are probed in a few pages however many keys were written since the last vacuum", async () => {
    // What a backfill's full pass, or thousands of scoped passes, leave: keys written one statement after another.
    for (let i = 0; i < 20; i++) {
      await test.db.execute(sql`insert into reconciliation_transfer_keys (mode, sinpe_ref_number, sender_key, tokens)
        select 'test', 'K' || ${i} || '-' || g, 'phone:' || g, array['pedido' || g, 'sinpe' || (g % 7)] from generate_series(1, 200) g`);
      await test.db.execute(sql`insert into reconciliation_intent_keys (mode, id, reference_values, metadata_sender_ids)
        select 'test', 'pi_k' || ${i} || '_' || g, array['pi_k' || ${i} || '_' || g, (100000 + g)::text], '{}' from generate_series(1, 200) g`);
    }
    const pagesRead = async (query: ReturnType<typeof sql>) =>
      test.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const [row] = await tx.execute(sql`explain (analyze, buffers, format json) ${query}`);
        const [plan] = Object.values(row!)[0] as { Plan: Record<string, unknown> }[];
        const scan = (node: Record<string, unknown>): Record<string, unknown> =>
          node["Node Type"] === "Bitmap Index Scan" ? node : scan((node.Plans as Record<string, unknown>[])[0]!);
        const index = scan(plan!.Plan);
        return Number(index["Shared Hit Blocks"]) + Number(index["Shared Read Blocks"]);
      });
    expect(await pagesRead(sql`select 1 from reconciliation_transfer_keys where tokens && array['nothing-like-it']`)).toBeLessThan(5);
    expect(await pagesRead(sql`select 1 from reconciliation_intent_keys where reference_values && array['nothing-like-it']`)).toBeLessThan(5);
  });
});
