import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Mode } from "@/lib/env-schema";
import { UNRECONCILED_TRANSFER_STATUSES } from "@/lib/payments/values";
import { WINDOW_HOURS, type Reason, type ReconciliationRule, type ReconciliationState } from "@/lib/reconciliation/reasons";
import type { Database, Db } from "../index";
import { textArray } from "./reconciliation";

// The reads and writes behind an operator's decision (lib/reconciliation/decisions.ts runs them in one transaction).

export type MatchRow = {
  id: number;
  state: ReconciliationState;
  rule: ReconciliationRule;
  paymentIntentId: string | null;
  refs: string[];
  amount: number;
  currency: string;
  intentAmount: number | null;
  score: number | null;
  reasons: Reason[];
  note: string | null;
  decidedAt: Date | null;
  decidedBy: { id: string; name: string; email: string } | null;
  undoneState: ReconciliationState | null;
};

const matchColumns = sql`m.id::int as id, m.state, m.rule, m.payment_intent_id as "paymentIntentId",
  array(select mt.sinpe_ref_number from reconciliation_match_transfers mt where mt.match_id = m.id order by 1) as refs,
  m.amount::float8 as amount, m.currency, m.intent_amount::float8 as "intentAmount", m.score, rc_reasons(m) as reasons, m.note,
  m.decided_at as "decidedAt", m.undone_state as "undoneState",
  case when o.id is null then null else json_build_object('id', o.id, 'name', o.name, 'email', o.email) end as "decidedBy"`;

const fixDates = (rows: MatchRow[]) => rows.map((r) => ({ ...r, decidedAt: r.decidedAt ? new Date(r.decidedAt) : null }));

export async function getMatch(db: Db, mode: Mode, id: number): Promise<MatchRow | null> {
  const rows = await db.execute<MatchRow>(sql`select ${matchColumns} from reconciliation_matches m
    left join operators o on o.id = m.decided_by where m.mode = ${mode} and m.id = ${id}`);
  return fixDates([...rows])[0] ?? null;
}

/** Locks the transfers (in reference order, so two deciders never deadlock) and says which exist. */
export async function lockTransfers(db: Db, mode: Mode, refs: string[]) {
  return db.execute<{ ref: string; amount: number; currency: string; paidAt: Date; linkedIntent: string | null; status: string | null }>(sql`
    select sinpe_ref_number as ref, amount::float8 as amount, currency, paid_at as "paidAt", payment_intent_id as "linkedIntent", status
    from mobile_transfers where mode = ${mode} and sinpe_ref_number = any(${textArray(refs)})
    order by sinpe_ref_number for update`);
}

export async function lockIntent(db: Db, mode: Mode, id: string) {
  const rows = await db.execute<{ id: string; status: string; amount: number | null; currency: string | null }>(sql`
    select id, status, amount::float8 as amount, currency from payment_intents where mode = ${mode} and id = ${id} for update`);
  return rows[0] ?? null;
}

/** The decision that already settled one of these transfers, or paid this intent: who made it and how. */
export async function findStandingDecision(db: Db, mode: Mode, refs: string[], intentId: string | null): Promise<MatchRow | null> {
  const rows = await db.execute<MatchRow>(sql`select ${matchColumns} from reconciliation_matches m
    left join operators o on o.id = m.decided_by
    where m.mode = ${mode} and (
      m.id in (select mt.match_id from reconciliation_match_transfers mt
               where mt.mode = ${mode} and mt.sinpe_ref_number = any(${textArray(refs)}) and mt.state in ('confirmed', 'accepted_unmatched'))
      or (m.state = 'confirmed' and m.payment_intent_id = ${intentId}))
    order by m.decided_at desc nulls last limit 1`);
  return fixDates([...rows])[0] ?? null;
}

export async function setMatchState(
  db: Db,
  mode: Mode,
  id: number,
  change: { state: ReconciliationState; by: string; note: string | null; undo?: boolean },
) {
  if (change.undo) {
    // The decision's own note stays its own: the undo's note is on the undo's audit row (see transferReconciliation).
    await db.execute(sql`update reconciliation_matches set undone_state = state, state = 'undone', undone_by = ${change.by}, undone_at = now()
      where mode = ${mode} and id = ${id}`);
  } else {
    await db.execute(sql`update reconciliation_matches set state = ${change.state}, decided_by = ${change.by}, decided_at = now(), note = ${change.note}
      where mode = ${mode} and id = ${id}`);
  }
}

export async function insertDecision(
  db: Db,
  mode: Mode,
  row: { state: "confirmed" | "accepted_unmatched"; paymentIntentId: string | null; refs: string[]; amount: number; currency: string; intentAmount: number | null; reasons: Reason[]; transferAt: Date; by: string; note: string | null },
): Promise<number> {
  const refs = [...row.refs].sort();
  const [inserted] = await db.execute<{ id: number }>(sql`insert into reconciliation_matches
      (mode, state, rule, payment_intent_id, transfer_key, transfer_count, amount, currency, intent_amount, reasons, transfer_at, decided_by, decided_at, note)
    values (${mode}, ${row.state}, 'manual', ${row.paymentIntentId}, ${refs.join(" ")}, ${refs.length}, ${row.amount}, ${row.currency},
      ${row.intentAmount}, ${JSON.stringify(row.reasons)}::jsonb, ${row.transferAt.toISOString()}::timestamptz, ${row.by}, now(), ${row.note})
    returning id::int as id`);
  const id = inserted!.id;
  await db.execute(sql`insert into reconciliation_match_transfers (match_id, mode, state, sinpe_ref_number)
    select ${id}, ${mode}, ${row.state}, r from unnest(${textArray(refs)}) r`);
  return id;
}

/** Suggestions a decision made moot: any other for these transfers, or for the intent now paid. */
export async function deleteMootSuggestions(db: Db, mode: Mode, refs: string[], intentId: string | null): Promise<number> {
  const rows = await db.execute(sql`delete from reconciliation_matches m where m.mode = ${mode} and m.state = 'suggested' and (
      m.payment_intent_id = ${intentId}
      or m.id in (select mt.match_id from reconciliation_match_transfers mt where mt.mode = ${mode} and mt.sinpe_ref_number = any(${textArray(refs)})))
    returning 1`);
  return rows.length;
}

// A set of transfers matched to one intent by hand (/reconciliation/transfers/[ref], "match by hand").

export type SetTransfer = {
  ref: string;
  amount: number;
  currency: string;
  paidAt: Date;
  senderName: string | null;
  senderPhone: string | null;
  senderId: string | null;
  description: string | null;
  /** Settled already (confirmed or accepted without a match), or not money received unmatched: it cannot join a set. */
  settled: boolean;
  /** From the same sender (id, phone or name: sameSender) within WINDOW_HOURS of the transfer the set starts from. */
  near: boolean;
};

/**
 * The same sender, for an operator building a set: the same id, phone or name as the bank gave them (any one of them,
 * where rule 4 groups by the first the transfer has; cheap comparisons, since they run over every transfer in a window).
 */
const sameSender = (t: SQL, me: SQL) =>
  sql`(${t}.origin_id = ${me}.origin_id or ${t}.sender_phone = ${me}.sender_phone or lower(${t}.origin_name) = lower(${me}.origin_name))`;

const setTransferColumns = (me: SQL) => sql`t.sinpe_ref_number as ref, t.amount::float8 as amount, t.currency, t.paid_at as "paidAt",
  t.origin_name as "senderName", t.origin_phone as "senderPhone", t.origin_id as "senderId", t.description,
  not (t.status in (${sql.join(UNRECONCILED_TRANSFER_STATUSES.map((s) => sql`${s}`), sql`, `)}) and t.payment_intent_id is null
    and not exists (select 1 from reconciliation_match_transfers mt where mt.mode = t.mode and mt.sinpe_ref_number = t.sinpe_ref_number
      and mt.state in ('confirmed', 'accepted_unmatched'))) as settled,
  (${sameSender(sql`t`, me)} and abs(extract(epoch from t.paid_at - ${me}.paid_at)) <= ${WINDOW_HOURS * 3600}) as near`;

const fixSetDates = (rows: SetTransfer[]) => rows.map((r) => ({ ...r, paidAt: new Date(r.paidAt) }));

/** The transfers named for a set (the one it starts from first, then the others), each saying whether it may still join. */
export async function getSetTransfers(db: Db, mode: Mode, from: string, refs: string[]): Promise<SetTransfer[]> {
  const rows = await db.execute<SetTransfer>(sql`
    select ${setTransferColumns(sql`me`)}
    from mobile_transfers t, (select * from mobile_transfers where mode = ${mode} and sinpe_ref_number = ${from}) me
    where t.mode = ${mode} and t.sinpe_ref_number = any(${textArray([from, ...refs])})
    order by (t.sinpe_ref_number = ${from}) desc, t.paid_at, t.sinpe_ref_number`);
  return fixSetDates([...rows]);
}

/** How far from the transfer a set starts from a search for the set's other transfers looks (an exact reference, anywhere). */
export const SET_SEARCH_DAYS = 7;

/**
 * Undecided transfers that could join a set started from `from`: money received in its currency that no decision has
 * settled, not already in the set. Without a query, the same sender's within WINDOW_HOURS (rule 4's neighbours); with
 * one, those within SET_SEARCH_DAYS found by reference (or a part of it, such as its last digits) or sender (name,
 * phone, id), and a transfer whose whole reference it is, whenever it was. The same sender's first, then nearest in
 * time. Each branch reads the transfers of its currency and time window through (mode, currency, paid_at).
 */
export async function listSetCandidates(db: Db, mode: Mode, params: { from: string; exclude?: string[]; query?: string; limit?: number }): Promise<SetTransfer[]> {
  // JIT compiling this plan costs several times more than running it (2.7 s against 0.6 over a week of a 1,000,000-
  // transfer table): off for this statement's transaction, as the rules and the period close do.
  if (!("rollback" in db)) return (db as Database).transaction((tx) => listSetCandidates(tx, mode, params));
  await db.execute(sql`set local jit = off`);
  const { from, exclude = [], query = "", limit = 20 } = params;
  const text = query.trim();
  const digits = text.replace(/\D/g, "");
  const hours = text ? SET_SEARCH_DAYS * 24 : WINDOW_HOURS;
  const open = sql`t.mode = me.mode and t.currency = me.currency and t.sinpe_ref_number <> all(${textArray([from, ...exclude])})
    and t.status in (${sql.join(UNRECONCILED_TRANSFER_STATUSES.map((s) => sql`${s}`), sql`, `)}) and t.payment_intent_id is null`;
  const inWindow = sql`t.paid_at between me.paid_at - make_interval(hours => ${hours}) and me.paid_at + make_interval(hours => ${hours})`;
  // Only cheap comparisons per row (they run over every transfer of the window): the name without case or accents by
  // translate(), not rc_name()'s regular expressions, which cost ten times more here.
  const found = sql`(strpos(t.sinpe_ref_number, ${text}) > 0 or t.origin_id = ${text} ${digits.length >= 4 ? sql`or t.sender_phone like ${`%${digits}`}` : sql``}
    or translate(lower(t.origin_name), 'áàäâéèëêíìïîóòöôúùüûñç', 'aaaaeeeeiiiioooouuuunc') like '%' || coalesce(rc_name(${text}), ${text}) || '%')`;
  const branch = (where: SQL) => sql`select ${setTransferColumns(sql`me`)}, abs(extract(epoch from t.paid_at - me.paid_at)) as distance
    from mobile_transfers me join mobile_transfers t on ${open}
    where me.mode = ${mode} and me.sinpe_ref_number = ${from} and ${where}`;
  const rows = await db.execute<SetTransfer>(sql`
    select ref, amount, currency, "paidAt", "senderName", "senderPhone", "senderId", description, settled, near from (
      ${text ? sql`${branch(sql`${inWindow} and ${found}`)} union ${branch(sql`t.sinpe_ref_number = ${text}`)}` : branch(sql`${inWindow} and ${sameSender(sql`t`, sql`me`)}`)}
    ) c
    where not c.settled
    order by c.near desc, c.distance, c.ref
    limit ${Math.max(1, Math.min(50, limit))}`);
  return fixSetDates([...rows]);
}

export type SetIntent = {
  id: string;
  status: string;
  amount: number | null;
  currency: string | null;
  createdAt: Date | null;
  customerId: string | null;
  customerName: string | null;
  /** Already paid by a confirmed decision (a transfer or a set). */
  paid: boolean;
};

/** The intent a set is built for, with whether something already paid it. */
export async function getSetIntent(db: Db, mode: Mode, id: string): Promise<SetIntent | null> {
  const [row] = await db.execute<SetIntent>(sql`
    select i.id, i.status, i.amount::float8 as amount, i.currency, i.created_at as "createdAt", i.customer_id as "customerId", c.name as "customerName",
      exists (select 1 from reconciliation_matches m where m.mode = i.mode and m.payment_intent_id = i.id and m.state = 'confirmed') as paid
    from payment_intents i left join customers c on c.mode = i.mode and c.id = i.customer_id
    where i.mode = ${mode} and i.id = ${id}`);
  return row ? { ...row, createdAt: row.createdAt ? new Date(row.createdAt) : null } : null;
}
