import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Mode } from "@/lib/env-schema";
import { UNRECONCILED_TRANSFER_STATUSES } from "@/lib/payments/values";
import type { Period, PeriodFigures, PeriodKind } from "@/lib/reconciliation/periods";
import type { Database, Db } from "../index";
import { textArray } from "./reconciliation";

// Period close (/reconciliation/close): a period's figures, its closures, the pairs for the accountant's CSV, and the
// decisions made inside it after it was closed. Every figure is counted per transfer by the time its money moved
// (paid_at), in the period's currency.

export type PeriodScope = { mode: Mode; currency: string; start: Date; end: Date };

/** Money arrived (the statuses reconciliation works through); pending, expired and canceled transfers carry none. */
const RECEIVED = sql.raw(`t.status in (${UNRECONCILED_TRANSFER_STATUSES.map((s) => `'${s}'`).join(", ")})`);
const inScope = ({ mode, currency, start, end }: PeriodScope) =>
  sql`t.mode = ${mode} and t.currency = ${currency} and t.paid_at >= ${start.toISOString()}::timestamptz and t.paid_at < ${end.toISOString()}::timestamptz`;
const SETTLED = sql`'confirmed', 'accepted_unmatched'`;

/**
 * The period's figures, each counted on its own (not one as the rest of another): received from the transfers, the
 * settled ones from the decisions' members. A transfer the rules have not looked at yet (the service linked it, no
 * match row yet) is received and in no other figure, so the page shows it as a difference rather than hide it.
 */
export async function periodFigures(db: Db, scope: PeriodScope): Promise<PeriodFigures> {
  // JIT compiling this wide aggregate costs more than running it (0.5 s of 0.9 for a month of 80,000 transfers):
  // off for this statement's transaction, as the rules do.
  if (!("rollback" in db)) return (db as Database).transaction((tx) => periodFigures(tx, scope));
  await db.execute(sql`set local jit = off`);
  const bucket = (where: SQL) => sql`json_build_object('count', count(*) filter (where ${where}), 'amount', coalesce(sum(t.amount) filter (where ${where}), 0)::float8)`;
  // One look at each transfer's memberships (not one per figure): six probes a transfer made a month of 70,000 take a second.
  const open = sql`${RECEIVED} and t.payment_intent_id is null and not m.settled`;
  const [row] = await db.execute<PeriodFigures>(sql`
    select ${bucket(RECEIVED)} as received,
      ${bucket(sql`m.confirmed`)} as confirmed,
      ${bucket(sql`m.accepted`)} as accepted,
      ${bucket(sql`${open} and m.suggested`)} as suggested,
      ${bucket(sql`${open} and not m.suggested`)} as unmatched
    from mobile_transfers t
      cross join lateral (select coalesce(bool_or(mt.state = 'confirmed'), false) as confirmed, coalesce(bool_or(mt.state = 'accepted_unmatched'), false) as accepted,
          coalesce(bool_or(mt.state in ('confirmed', 'accepted_unmatched')), false) as settled, coalesce(bool_or(mt.state = 'suggested'), false) as suggested
        from reconciliation_match_transfers mt where mt.mode = t.mode and mt.sinpe_ref_number = t.sinpe_ref_number) m
    where ${inScope(scope)}`);
  return row!;
}

export type Closure = {
  id: number;
  kind: PeriodKind;
  currency: string;
  fromDay: string;
  toDay: string;
  timeZone: string;
  startsAt: Date;
  endsAt: Date;
  figures: PeriodFigures;
  closedAt: Date;
  closedBy: { name: string; email: string };
  reopenedAt: Date | null;
  reopenedBy: { name: string; email: string } | null;
  reopenNote: string | null;
};

const closureColumns = sql`c.id::int as id, c.kind, c.currency, c.from_day as "fromDay", c.to_day as "toDay", c.time_zone as "timeZone",
  c.starts_at as "startsAt", c.ends_at as "endsAt", c.figures, c.closed_at as "closedAt",
  json_build_object('name', co.name, 'email', co.email) as "closedBy", c.reopened_at as "reopenedAt",
  case when ro.id is null then null else json_build_object('name', ro.name, 'email', ro.email) end as "reopenedBy", c.reopen_note as "reopenNote"`;
const closureFrom = sql`from reconciliation_closures c join operators co on co.id = c.closed_by left join operators ro on ro.id = c.reopened_by`;
const toClosure = (r: Closure): Closure => ({
  ...r,
  startsAt: new Date(r.startsAt),
  endsAt: new Date(r.endsAt),
  closedAt: new Date(r.closedAt),
  reopenedAt: r.reopenedAt ? new Date(r.reopenedAt) : null,
});

/** This exact period's closures, the standing one (if any) first, then the reopened ones newest first. */
export async function listClosures(db: Db, { mode, currency, kind, fromDay }: { mode: Mode; currency: string; kind: PeriodKind; fromDay: string }): Promise<Closure[]> {
  const rows = await db.execute<Closure>(sql`select ${closureColumns} ${closureFrom}
    where c.mode = ${mode} and c.currency = ${currency} and c.kind = ${kind} and c.from_day = ${fromDay}
    order by c.reopened_at is not null, c.closed_at desc, c.id desc`);
  return rows.map(toClosure);
}

/** Standing closures of other kinds that overlap the period (a closed month around a day, say). */
export async function overlappingClosures(db: Db, scope: PeriodScope & { kind: PeriodKind }): Promise<Closure[]> {
  const rows = await db.execute<Closure>(sql`select ${closureColumns} ${closureFrom}
    where c.mode = ${scope.mode} and c.currency = ${scope.currency} and c.reopened_at is null and c.kind <> ${scope.kind}
      and c.starts_at < ${scope.end.toISOString()}::timestamptz and c.ends_at > ${scope.start.toISOString()}::timestamptz
    order by c.starts_at`);
  return rows.map(toClosure);
}

export async function getClosureForUpdate(db: Db, mode: Mode, id: number): Promise<Closure | null> {
  const rows = await db.execute<Closure>(sql`select ${closureColumns} ${closureFrom} where c.mode = ${mode} and c.id = ${id} for update of c`);
  return rows.map(toClosure)[0] ?? null;
}

export async function insertClosure(db: Db, row: { mode: Mode; currency: string; period: Period; timeZone: string; figures: PeriodFigures; by: string }): Promise<number | null> {
  const { period } = row;
  const rows = await db.execute<{ id: number }>(sql`insert into reconciliation_closures
      (mode, currency, kind, from_day, to_day, time_zone, starts_at, ends_at, figures, closed_by)
    values (${row.mode}, ${row.currency}, ${period.kind}, ${period.from}, ${period.to}, ${row.timeZone}, ${period.start.toISOString()}::timestamptz,
      ${period.end.toISOString()}::timestamptz, ${JSON.stringify(row.figures)}::jsonb, ${row.by})
    on conflict (mode, currency, kind, from_day) where reopened_at is null do nothing
    returning id::int as id`);
  return rows[0]?.id ?? null;
}

export async function markReopened(db: Db, mode: Mode, id: number, by: string, note: string) {
  await db.execute(sql`update reconciliation_closures set reopened_by = ${by}, reopened_at = now(), reopen_note = ${note}
    where mode = ${mode} and id = ${id} and reopened_at is null`);
}

/** The standing closures whose period holds the money of any of these transfers (by each transfer's own currency). */
export async function closuresHolding(db: Db, mode: Mode, refs: string[]): Promise<{ id: number; kind: PeriodKind; fromDay: string; currency: string }[]> {
  const rows = await db.execute<{ id: number; kind: PeriodKind; fromDay: string; currency: string }>(sql`
    select distinct c.id::int as id, c.kind, c.from_day as "fromDay", c.currency
    from mobile_transfers t join reconciliation_closures c on c.mode = t.mode and c.currency = t.currency and c.reopened_at is null
      and t.paid_at >= c.starts_at and t.paid_at < c.ends_at
    where t.mode = ${mode} and t.sinpe_ref_number = any(${textArray(refs)})
    order by 1`);
  return [...rows];
}

/** What an audit row of a decision inside closed periods carries (lib/reconciliation/decisions.ts writes it). */
export const CLOSED_PERIOD_FLAG = "inClosedPeriods";

export type LaterChange = { id: number; action: string; at: Date; actor: string; operatorName: string | null; matchId: number; note: string | null; state: string | null; refs: string[] };

/** Decisions made inside this closure's period after it was closed: the audit rows flagged with its id, newest first. */
export async function listLaterChanges(db: Db, mode: Mode, closureId: number, { limit = 100 } = {}): Promise<LaterChange[]> {
  const rows = await db.execute<LaterChange>(sql`
    select a.id::int as id, a.action, a.at, a.actor, o.name as "operatorName", a.subject_id::int as "matchId",
      coalesce(a.after->>'undoNote', a.after->>'note') as note, coalesce(a.after->>'undoneState', a.after->>'state') as state,
      coalesce(array(select jsonb_array_elements_text(a.after->'transferRefs')), '{}') as refs
    from audit_log a left join operators o on o.id = a.operator_id
    where a.subject_type = 'reconciliation_match' and a.mode = ${mode}
      and a.after->${CLOSED_PERIOD_FLAG} @> ${JSON.stringify([closureId])}::jsonb
    order by a.at desc, a.id desc limit ${limit}`);
  return rows.map((r) => ({ ...r, at: new Date(r.at) }));
}

/** One line of the accountant's CSV: a transfer received in the period and where it stands. */
export type PeriodPair = {
  ref: string;
  paidAt: Date;
  senderName: string | null;
  senderPhone: string | null;
  amount: number;
  currency: string;
  status: "confirmed" | "accepted_unmatched" | "suggested" | "unmatched" | "unaccounted";
  matchId: number | null;
  /** How many transfers the decision holds (a split payment's set: more than one), and whether this is its first. */
  setSize: number | null;
  firstOfSet: boolean;
  paymentIntentId: string | null;
  intentAmount: number | null;
  rule: string | null;
  decidedBy: string | null;
  decidedAt: Date | null;
  note: string | null;
};

/**
 * A transfer's memberships read once, with an index probe on its reference: its settling decision (at most one, the
 * unique index says) and whether a suggestion names it. As `exists` tests inside the CASE, PostgreSQL hashed the whole
 * member table for every page (90 ms a page at 100k transfers, 20 s for a month's CSV). Coalesced: a transfer in no
 * decision gets no row to aggregate, and a null here would make it "unaccounted".
 */
const memberships = sql`select min(mt.match_id) filter (where mt.state in (${SETTLED})) as settled_by, coalesce(bool_or(mt.state = 'suggested'), false) as suggested
  from reconciliation_match_transfers mt where mt.mode = t.mode and mt.sinpe_ref_number = t.sinpe_ref_number`;
/** Open as the Unmatched queue reads it: money arrived, no link from the service, not settled (the CASE's first branch). */
const pairOpen = sql`${RECEIVED} and t.payment_intent_id is null`;

/** The period's transfers with their decision, oldest money first, `limit` after the (paid_at, ref) cursor. */
export async function listPeriodPairs(db: Db, scope: PeriodScope, { limit = 100, after }: { limit?: number; after?: { at: string; ref: string } } = {}): Promise<PeriodPair[]> {
  const rows = await db.execute<PeriodPair>(sql`
    select t.sinpe_ref_number as ref, t.paid_at as "paidAt", t.origin_name as "senderName", t.origin_phone as "senderPhone",
      t.amount::float8 as amount, t.currency,
      case when m.state is not null then m.state::text
           when ${pairOpen} and s.suggested then 'suggested'
           when ${pairOpen} then 'unmatched' else 'unaccounted' end as status,
      m.id::int as "matchId", m.transfer_count::int as "setSize", coalesce(t.sinpe_ref_number = split_part(m.transfer_key, ' ', 1), true) as "firstOfSet",
      m.payment_intent_id as "paymentIntentId", m.intent_amount::float8 as "intentAmount", m.rule::text as rule,
      o.name as "decidedBy", m.decided_at as "decidedAt", m.note
    from mobile_transfers t
      cross join lateral (${memberships}) s
      left join reconciliation_matches m on m.id = s.settled_by
      left join operators o on o.id = m.decided_by
    where ${inScope(scope)} and (${RECEIVED} or m.id is not null)
      ${after ? sql`and (t.paid_at, t.sinpe_ref_number) > (${after.at}::timestamptz, ${after.ref})` : sql``}
    order by t.paid_at, t.sinpe_ref_number limit ${limit}`);
  return rows.map((r) => ({ ...r, paidAt: new Date(r.paidAt), decidedAt: r.decidedAt ? new Date(r.decidedAt) : null }));
}
