// Rows as the sync writes them (lib/sync/transforms.ts): customers, intents and transfers for reconciliation's tests.
import { sql } from "drizzle-orm";
import type { Database, Db } from "@/db";
import { expect } from "vitest";
import { runReconciliation } from "@/db/queries/reconciliation";
import { customers, mobileTransfers, paymentIntents, type Operator } from "@/db/schema";
import { statusRank } from "@/lib/webhooks/status-rank";
import { acceptWithoutMatch, confirmSuggestion, rejectSuggestion } from "./decisions";

const HOUR = 3_600_000;
let counter = 0;
const next = () => String(++counter).padStart(6, "0");

export const T0 = new Date("2026-11-18T15:00:00Z");
export const hoursAfter = (hours: number, from = T0) => new Date(from.getTime() + hours * HOUR);

export async function addCustomer(db: Db, fields: { id?: string; name?: string | null; phone?: string | null } = {}) {
  const id = fields.id ?? `cus_${next()}`;
  await db.insert(customers).values({
    mode: "test",
    id,
    name: fields.name === undefined ? "María José Rodríguez" : fields.name,
    phone: fields.phone === undefined ? "+50688123456" : fields.phone,
    email: `${id}@example.cr`,
    amountSpent: 0,
    transactionsCount: 0,
    createdAt: hoursAfter(-1000),
  });
  return id;
}

export async function addIntent(
  db: Db,
  fields: { id?: string; status?: string; amount?: number; currency?: string; customerId?: string | null; metadata?: Record<string, string>; createdAt?: Date; description?: string },
) {
  const id = fields.id ?? `pi_${next()}`;
  const status = fields.status ?? "processing";
  await db.insert(paymentIntents).values({
    mode: "test",
    id,
    status,
    statusRank: statusRank(status),
    amount: fields.amount ?? 1_500_000,
    currency: fields.currency ?? "CRC",
    customerId: fields.customerId ?? null,
    description: fields.description ?? "Pedido",
    metadata: fields.metadata ?? { canal: "sinpe" },
    createdAt: fields.createdAt ?? hoursAfter(-2),
    lastEventAt: fields.createdAt ?? hoursAfter(-2),
    syncedAt: T0,
  });
  return id;
}

export async function addTransfer(
  db: Db,
  fields: { ref?: string; amount?: number; currency?: string; phone?: string | null; originId?: string | null; name?: string | null; description?: string | null; at?: Date; paymentIntentId?: string | null; status?: string },
) {
  const ref = fields.ref ?? `20261118${next().padStart(17, "0")}`;
  await db.insert(mobileTransfers).values({
    mode: "test",
    sinpeRefNumber: ref,
    amount: fields.amount ?? 1_500_000,
    currency: fields.currency ?? "CRC",
    originId: fields.originId === undefined ? "9" + next().padStart(11, "0") : fields.originId,
    originName: fields.name === undefined ? "Persona Desconocida" : fields.name,
    originPhone: fields.phone === undefined ? "7000-0000" : fields.phone,
    description: fields.description ?? "SINPE",
    authorizationDate: fields.at ?? T0,
    status: fields.status ?? "received",
    paymentIntentId: fields.paymentIntentId ?? null,
    source: "webhook",
  });
  return ref;
}

/** Every reconciliation row of the mode with its transfers, for assertions. */
export async function matchesOf(db: Db) {
  return db.execute<{ id: number; state: string; rule: string; pid: string | null; refs: string[]; score: number | null; reasons: { code: string }[]; amount: number }>(sql`
    select m.id::int, m.state, m.rule, m.payment_intent_id as pid, m.score, rc_reasons(m) as reasons, m.amount::int,
      (select array_agg(sinpe_ref_number order by sinpe_ref_number) from reconciliation_match_transfers t where t.match_id = m.id) as refs
    from reconciliation_matches m where m.mode = 'test' order by m.id`);
}

/**
 * Runs a decision inside a transaction of the test's own (the decision's becomes a savepoint) and counts the rows it
 * inserted, updated or deleted there, rolled back or not: PostgreSQL's per-transaction table statistics keep them
 * (they may also hold counts of the connection's earlier transactions not yet reported: the difference is the decision's).
 */
export async function rowsTouched<T>(db: Database, run: (db: Db) => Promise<T>): Promise<{ result: T; touched: number }> {
  let outcome!: { result: T; touched: number };
  const count = async (tx: Db) =>
    (await tx.execute<{ n: number }>(sql`select coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)::int as n from pg_stat_xact_user_tables`))[0]!.n;
  await db.transaction(async (tx) => {
    const before = await count(tx);
    const result = await run(tx);
    outcome = { result, touched: (await count(tx)) - before };
  });
  return outcome;
}

/** A suggestion by rule 3 (the customer's phone, the same amount): its own amount keeps it from pairing with another. */
export async function suggestedPair(db: Db, amount: number, phone: string) {
  const customer = await addCustomer(db, { phone: `+506${phone.replace("-", "")}` });
  const pid = await addIntent(db, { customerId: customer, amount });
  const ref = await addTransfer(db, { phone, amount });
  return { pid, ref };
}

/**
 * One day (T0's in Costa Rica) with a transfer in every state, each reached through the decisions' own functions (by
 * `operator`), and transfers the day's CRC figures must leave out: the next day's, a USD one, one whose money did not move.
 */
export async function dayInEveryState(db: Database, operator: Operator) {
  const linkedIntent = await addIntent(db, { amount: 1_000_000, status: "succeeded" });
  const linked = await addTransfer(db, { amount: 1_000_000, paymentIntentId: linkedIntent }); // rule 1
  const confirmed = await suggestedPair(db, 1_500_000, "8811-1111");
  const suggested = await suggestedPair(db, 2_250_050, "8822-2222");
  const rejected = await suggestedPair(db, 730_000, "8833-3333");
  const accepted = await addTransfer(db, { amount: 300_000, name: "Donante" });
  const stray = await addTransfer(db, { amount: 125_025 });
  await addTransfer(db, { amount: 999_900, at: hoursAfter(20) }); // the next day in Costa Rica (05:00 UTC + 1 day)
  await addTransfer(db, { amount: 5_000, currency: "USD" });
  await addTransfer(db, { amount: 400_000, status: "pending" }); // no money moved
  await runReconciliation(db, "test");
  const matches = await matchesOf(db);
  const idOf = (ref: string) => matches.find((m) => m.refs.includes(ref) && m.state === "suggested")!.id;
  expect((await confirmSuggestion(db, operator, { mode: "test", matchId: idOf(confirmed.ref) })).ok).toBe(true);
  expect((await rejectSuggestion(db, operator, { mode: "test", matchId: idOf(rejected.ref) })).ok).toBe(true);
  expect((await acceptWithoutMatch(db, operator, { mode: "test", ref: accepted, note: "Donación" })).ok).toBe(true);
  return { linked, linkedIntent, confirmed, suggested, rejected, accepted, stray };
}

/**
 * A full pass over `db` (the test's pool, or a pool of its own size) that fails right after its step `label` (its trace
 * reports the step done, and throws `message`): what a failure at that point leaves behind.
 */
export function passFailingAt(db: Db, label: string, message: string) {
  return runReconciliation(db, "test", null, {
    trace: (step) => {
      if (step === label) throw new Error(message);
    },
  });
}

/** The queue counts per queue and currency (how many, how much), the figures a pass's failure must leave as they were. */
export const queueCountTotals = (db: Db) =>
  db.execute(sql`select queue, currency, sum(n)::int as n, sum(amount)::bigint as amount from reconciliation_queue_counts
    group by 1, 2 having sum(n) <> 0 or sum(amount) <> 0 order by 1, 2`);
