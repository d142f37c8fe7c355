import "server-only";
import { sql } from "drizzle-orm";
import type { Mode } from "@/lib/env-schema";
import type { Reason, ReconciliationRule, ReconciliationState } from "@/lib/reconciliation/reasons";
import type { Db } from "../index";
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
  m.amount::float8 as amount, m.currency, m.intent_amount::float8 as "intentAmount", m.score, m.reasons, m.note,
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
  return db.execute<{ ref: string; amount: number; currency: string; paidAt: Date; linkedIntent: string | null }>(sql`
    select sinpe_ref_number as ref, amount::float8 as amount, currency, paid_at as "paidAt", payment_intent_id as "linkedIntent"
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
    await db.execute(sql`update reconciliation_matches set undone_state = state, state = 'undone', undone_by = ${change.by}, undone_at = now(),
      note = coalesce(${change.note}, note) where mode = ${mode} and id = ${id}`);
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

export async function operatorRoleForUpdate(db: Db, id: string) {
  const rows = await db.execute<{ role: string; disabled: boolean; email: string }>(sql`select role, disabled, email from operators where id = ${id} for share`);
  return rows[0] ?? null;
}
