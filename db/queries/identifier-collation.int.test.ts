import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addCustomer, addIntent, addTransfer, hoursAfter, matchesOf } from "@/lib/reconciliation/test-fixtures";
import { databaseMigratedTo, freshTestDatabase } from "@/scripts/test/database";
import { runReconciliation } from "./reconciliation";
import { findIntentsToMatch, listQueue } from "./reconciliation-queues";

// @smoke: identifier columns in COLLATE "C" beside the database's own collation.
// drizzle/0042: identifier and key columns in COLLATE "C" (byte comparisons in their indexes and sorts instead of the
// database's strcoll), free text in the database's collation. A "C" column compared with a default-collation column or
// parameter compares in "C" (same equality, same code-point order as C.UTF-8); lower() on it is ASCII-only, so the
// places that lower an id say `collate "default"`.

const test = freshTestDatabase();

const C_COLUMNS: Record<string, string[]> = {
  mobile_transfers: ["sinpe_ref_number", "payment_intent_id"],
  payment_intents: ["id", "customer_id"],
  customers: ["id"],
  subscriptions: ["id"],
  renewals: ["id", "subscription_id"],
  renewal_failures: ["subscription_id"],
  connected_accounts: ["id"],
  reconciliation_matches: ["payment_intent_id", "transfer_key"],
  reconciliation_match_transfers: ["sinpe_ref_number"],
  reconciliation_transfer_keys: ["sinpe_ref_number", "sender_id", "sender_name", "sender_phone", "sender_key", "tokens"],
  reconciliation_intent_keys: ["id", "reference_values", "metadata_sender_ids"],
  reconciliation_intent_search: ["id", "reference_values"],
  reconciliation_customer_search: ["id"],
};

/** Free text: sorted for people, in the database's collation. */
const DEFAULT_COLUMNS: Record<string, string[]> = {
  customers: ["name", "email", "name_key"],
  mobile_transfers: ["origin_name", "description", "origin_id", "origin_phone"],
  payment_intents: ["description"],
  connected_accounts: ["business_name"],
  reconciliation_transfer_keys: ["sender_text"],
  reconciliation_intent_search: ["description"],
};

async function collations(columns: Record<string, string[]>) {
  const pairs = Object.entries(columns).flatMap(([table, names]) => names.map((name) => `('${table}', '${name}')`));
  const rows = await test.db.execute<{ t: string; c: string; collation: string }>(sql.raw(`
    select c.relname as t, a.attname as c, coalesce(co.collname, '-') as collation
    from pg_attribute a join pg_class c on c.oid = a.attrelid left join pg_collation co on co.oid = a.attcollation
    where c.relnamespace = 'public'::regnamespace and not a.attisdropped and (c.relname::text, a.attname::text) in (${pairs.join(", ")})`));
  return Object.fromEntries(rows.map((r) => [`${r.t}.${r.c}`, r.collation]));
}

const expected = (columns: Record<string, string[]>, collation: string) =>
  Object.fromEntries(Object.entries(columns).flatMap(([table, names]) => names.map((name) => [`${table}.${name}`, collation])));

describe("identifier columns' collation (drizzle/0042)", () => {
  it("ids, references and reconciliation keys are COLLATE \"C\"", async () => {
    expect(await collations(C_COLUMNS)).toEqual(expected(C_COLUMNS, "C"));
  });

  it("names, descriptions and other free text keep the database's collation", async () => {
    expect(await collations(DEFAULT_COLUMNS)).toEqual(expected(DEFAULT_COLUMNS, "default"));
  });

  it("lower-cases an intent's id in the database's collation when it comes from the \"C\" column", async () => {
    const id = await addIntent(test.db, { id: "PI_ÑANDÚ_Ä42", metadata: { orderId: "ORD-5521", cédula: "x" } });
    const [row] = await test.db.execute<{ stored: string[]; literal: string[] }>(sql`
      select rc_reference_values(pi.id, pi.metadata) as stored, rc_reference_values(${id}::text, pi.metadata) as literal
      from payment_intents pi where pi.mode = 'test' and pi.id = ${id}`);
    expect(row!.stored).toEqual(["pi_ñandú_ä42", "ord-5521"]);
    expect(row!.literal).toEqual(row!.stored);
  });

  it("the rules, match by hand and the queues join \"C\" columns with default ones and parameters", async () => {
    const customer = await addCustomer(test.db, { id: "cus_Ñ1", name: "José Pérez", phone: "+50688112233" });
    const byPhone = await addIntent(test.db, { customerId: customer, amount: 1_234_500 });
    const byOrder = await addIntent(test.db, { id: "PI_ÁRBOL_7", amount: 2_000_000, metadata: { orderId: "77123" } });
    // U+212A KELVIN SIGN: lower() in the database's collation gives an ASCII "k" (the description's word), in "C" itself.
    const byId = await addIntent(test.db, { id: "PI_\u212A9", amount: 3_000_000 });
    const phoneRef = await addTransfer(test.db, { amount: 1_234_500, phone: "8811-2233", name: "JOSE PEREZ", at: hoursAfter(0) });
    const orderRef = await addTransfer(test.db, { amount: 2_000_000, description: "Pago pedido 77123", at: hoursAfter(0) });
    const idRef = await addTransfer(test.db, { amount: 3_000_000, description: "Pago pi_k9", at: hoursAfter(0) });
    const pairs = async () =>
      (await matchesOf(test.db)).filter((m) => m.state === "suggested").map((m) => ({ pid: m.pid, refs: m.refs, codes: m.reasons.map((r) => r.code) }))
        .sort((a, b) => String(a.pid).localeCompare(String(b.pid)));
    await runReconciliation(test.db, "test");
    const full = await pairs();
    expect(full).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pid: byPhone, refs: [phoneRef], codes: expect.arrayContaining(["sender_phone_is_customer", "sender_name_is_customer"]) }),
        expect.objectContaining({ pid: byOrder, refs: [orderRef], codes: expect.arrayContaining(["metadata_in_description"]) }),
        expect.objectContaining({ pid: byId, refs: [idRef], codes: expect.arrayContaining(["intent_id_in_description"]) }),
      ]),
    );
    // A scoped pass, as the sync and the webhook queue: its statements join the scope's parameters with the key tables.
    await test.db.execute(sql`delete from reconciliation_matches where state = 'suggested'`);
    await runReconciliation(test.db, "test", { refs: [phoneRef, orderRef, idRef], intentIds: [byPhone, byOrder, byId], customerIds: [customer] });
    expect(await pairs()).toEqual(full);

    for (const query of [byOrder, "77123", "José", "88112233"]) {
      const found = await findIntentsToMatch(test.db, "test", { query });
      expect(found.map((i) => i.id), query).toEqual(expect.arrayContaining([query === "José" || query === "88112233" ? byPhone : byOrder]));
    }
    const { rows } = await listQueue(test.db, { mode: "test", queue: "suggested", filters: { sender: "jose perez" } });
    expect(rows.map((r) => r.transfers.map((t) => t.ref))).toEqual([[phoneRef]]);

    // A "C" column against a default one, ordered and compared: no "could not determine which collation" error.
    const [mixed] = await test.db.execute<{ n: number; first: string }>(sql`
      select count(*)::int as n, min(t.sinpe_ref_number || t.origin_name) as first
      from mobile_transfers t join payment_intents pi on pi.mode = t.mode and pi.customer_id = ${customer}
      join customers c on c.mode = pi.mode and c.id = pi.customer_id and c.name_key = rc_name(t.origin_name)
      where t.sinpe_ref_number > t.origin_id or t.sinpe_ref_number < ${"9"}`);
    expect(mixed!.n).toBe(1);
  });

  it("a join from an id to another table's index on it still probes that index (both sides \"C\")", async () => {
    const plan = async (query: string) => {
      const rows = await test.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_hashjoin = off`);
        await tx.execute(sql`set local enable_mergejoin = off`);
        return tx.execute<{ "QUERY PLAN": string }>(sql.raw(`explain ${query}`));
      });
      return rows.map((r) => r["QUERY PLAN"]).join("\n");
    };
    // The outer table's id probes the inner table's index (a lateral subquery, so the planner cannot turn the join round).
    const probe = (outer: string, inner: string, on: string) => plan(`select 1 from ${outer} cross join lateral (select 1 from ${inner} where ${on} offset 0) x`);
    // The renewals sync's trigger (drizzle/0029) finds a renewal's failure by subscription and period.
    expect(await probe("renewals r", "renewal_failures rf", "rf.mode = r.mode and rf.subscription_id = r.subscription_id and rf.invoice_period_start = r.period_start")).toMatch(
      /Index Cond: .*subscription_id = r\.subscription_id/,
    );
    // Match by hand: a customer's intents from the customers' search table, and the search rows an intent lacks.
    expect(await probe("reconciliation_customer_search cs", "payment_intents ci", "ci.mode = cs.mode and ci.customer_id = cs.id")).toMatch(/Index Cond: .*customer_id = cs\.id/);
    expect(await probe("payment_intents pi", "reconciliation_intent_search s", "s.mode = pi.mode and s.id = pi.id")).toMatch(/Index Cond: .*id = pi\.id/);
    expect(await probe("customers c", "reconciliation_customer_search s", "s.mode = c.mode and s.id = c.id")).toMatch(/Index Cond: .*id = c\.id/);
    // A suggestion's transfers, the transfers' key rows, an intent's key row.
    expect(await probe("reconciliation_match_transfers mt", "mobile_transfers t", "t.mode = mt.mode and t.sinpe_ref_number = mt.sinpe_ref_number")).toMatch(
      /Index Cond: .*sinpe_ref_number = mt\.sinpe_ref_number/,
    );
    expect(await probe("mobile_transfers t", "reconciliation_transfer_keys k", "k.mode = t.mode and k.sinpe_ref_number = t.sinpe_ref_number")).toMatch(
      /Index Cond: .*sinpe_ref_number = t\.sinpe_ref_number/,
    );
    expect(await probe("payment_intents pi", "reconciliation_intent_keys k", "k.mode = pi.mode and k.id = pi.id")).toMatch(/Index Cond: .*id = pi\.id/);
    // Rule 3 for an intent just synced: the transfers whose sender is its customer (a default-collation generated key).
    expect(await probe("customers c", "reconciliation_transfer_keys k", "k.mode = c.mode and k.sender_name = c.name_key")).toMatch(/Index Cond: .*sender_name = c\.name_key/);
  });
});

describe("a database made before drizzle/0042", () => {
  it("keeps the altered columns' statistics through the migration (ALTER … TYPE drops them; the planner would guess)", async () => {
    // A database migrated up to 0041, then the checkout's migrations: the path of an existing database.
    const { client, migrate, drop } = await databaseMigratedTo(41);
    try {
      await client`insert into mobile_transfers (mode, sinpe_ref_number, amount, currency, source)
        select 'test', lpad(g::text, 25, '0'), 1000 * g, 'CRC', 'sync' from generate_series(1, 500) g`;
      await client`analyze mobile_transfers`;
      const statistics = () => client<{ n: number }[]>`select count(*)::int as n from pg_stats
        where schemaname = 'public' and tablename = 'mobile_transfers' and attname = 'sinpe_ref_number'`;
      expect((await statistics())[0]!.n).toBe(1);
      await migrate();
      const [altered] = await client<{ collation: string }[]>`select c.collname as collation from pg_attribute a join pg_collation c on c.oid = a.attcollation
        where a.attrelid = 'mobile_transfers'::regclass and a.attname = 'sinpe_ref_number'`;
      expect(altered?.collation).toBe("C");
      expect((await statistics())[0]!.n).toBe(1);
    } finally {
      await drop();
    }
  });
});
