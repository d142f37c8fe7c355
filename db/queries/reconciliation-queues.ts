import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Mode } from "@/lib/env-schema";
import { UNRECONCILED_TRANSFER_STATUSES } from "@/lib/payments/values";
import { AGE_BUCKETS, AWAITING_INTENT_STATUSES, RECONCILIATION_QUEUES, type Reason, type ReconciliationRule, type ReconciliationState } from "@/lib/reconciliation/reasons";
import { HIGH_CONFIDENCE_SCORE } from "@/lib/reconciliation/score";
import type { Db } from "../index";
import type { TimelineSubject } from "./timeline";

// What /reconciliation reads: its queues, page by page newest transfer first with a keyset cursor, their counts and
// sums per currency with ageing, a transfer's or intent's reconciliation history, one transfer's candidates, the
// intents an operator may match by hand, the deferred payments still waiting for money and the high-confidence
// suggestions a bulk confirmation reviews.

export type Queue = (typeof RECONCILIATION_QUEUES)[number];
export type QueueCursor = { at: string; id: string };

export type QueueRow = {
  /** The match's id; null in the Unmatched queue, which lists transfers. */
  matchId: number | null;
  state: ReconciliationState | "unmatched";
  rule: ReconciliationRule | null;
  score: number | null;
  reasons: Reason[];
  paymentIntentId: string | null;
  intentAmount: number | null;
  amount: number;
  currency: string;
  transferAt: Date;
  transfers: { ref: string; amount: number; senderName: string | null; senderPhone: string | null; description: string | null }[];
  decidedBy: string | null;
  decidedAt: Date | null;
  note: string | null;
};

export type AgeBucket = (typeof AGE_BUCKETS)[number];

/** The queue's optional filters (none on the Suggested queue's first page: that one reads the queue index alone). */
export type QueueFilters = {
  age?: AgeBucket | null;
  /** A name (compared without accents or case), or digits of a phone or id. */
  sender?: string | null;
  /** Minor units, inclusive. */
  amountMin?: number | null;
  amountMax?: number | null;
  /** The transfer's time: from (inclusive) to before (exclusive). */
  from?: Date | null;
  before?: Date | null;
};

const AGE_BOUNDS: Record<AgeBucket, [string | null, string | null]> = {
  under1d: [null, "1 day"],
  d1to3: ["1 day", "3 days"],
  d3to7: ["3 days", "7 days"],
  over7d: ["7 days", null],
};

/**
 * The filters as one SQL condition on a transfer time `at`, an amount and a transfer row `t` (for the sender). `sender`
 * gets the sender's condition on `t` and the same text as a condition on a transfer's key row `k`
 * (reconciliation_transfer_keys.sender_text, trigram-indexed): true for every transfer the first holds for whose key
 * row was written (and more), so the queue can read the transfers that may match from the index and decide on `t`.
 */
function filterSql(filters: QueueFilters, at: SQL, amount: SQL, sender: (condition: SQL, keyCondition: SQL) => SQL): SQL {
  const parts: SQL[] = [];
  if (filters.age) {
    const [older, newer] = AGE_BOUNDS[filters.age];
    if (older) parts.push(sql`${at} <= now() - ${older}::interval`);
    if (newer) parts.push(sql`${at} > now() - ${newer}::interval`);
  }
  if (filters.amountMin != null) parts.push(sql`${amount} >= ${filters.amountMin}`);
  if (filters.amountMax != null) parts.push(sql`${amount} <= ${filters.amountMax}`);
  if (filters.from) parts.push(sql`${at} >= ${filters.from.toISOString()}::timestamptz`);
  if (filters.before) parts.push(sql`${at} < ${filters.before.toISOString()}::timestamptz`);
  const text = filters.sender?.trim();
  if (text) {
    const digits = text.replace(/\D/g, "");
    const byDigits = digits.length >= 3
      ? sql` or regexp_replace(coalesce(t.origin_phone, ''), '\\D', '', 'g') like ${`%${digits}%`} or regexp_replace(coalesce(t.origin_id, ''), '\\D', '', 'g') like ${`%${digits}%`}`
      : sql``;
    // The sender's name compared as the rules compare it (rc_name: no accents, no case), from the transfer itself: the
    // rules' key tables hold only transfers a pass has read.
    parts.push(sender(sql`(rc_name(t.origin_name) like '%' || rc_name(${text}) || '%'${byDigits})`, senderKeyCondition(text)));
  }
  return parts.length ? sql`and ${sql.join(parts, sql` and `)}` : sql``;
}

/**
 * The sender filter's text as a condition on a transfer's key row `k` (reconciliation_transfer_keys.sender_text,
 * trigram-indexed, drizzle/0039): it holds for every transfer whose key row was written and whose sender the filter
 * matches (and for some more: a name of digits found among the digits), so the queue can list the transfers that may
 * match from the index and decide on the transfer itself.
 */
function senderKeyCondition(text: string): SQL {
  const digits = text.replace(/\D/g, "");
  return sql`(k.sender_text like '%' || rc_name(${text}) || '%'${digits.length >= 3 ? sql` or k.sender_text like ${`%${digits}%`}` : sql``})`;
}

/**
 * Up to this many key rows matching a sender filter, a queue page reads those transfers and sorts them; more, and it
 * walks the queue in its order and stops after a page (a common name is met early; a rare one only at the end).
 */
export const SENDER_CANDIDATES = 2000;

const OPEN = sql.raw(`t.status in (${UNRECONCILED_TRANSFER_STATUSES.map((s) => `'${s}'`).join(", ")}) and t.payment_intent_id is null`);

const transfersOf = (matchId: SQL) => sql`(select coalesce(json_agg(json_build_object('ref', t.sinpe_ref_number, 'amount', t.amount,
  'senderName', t.origin_name, 'senderPhone', t.origin_phone, 'description', t.description) order by t.paid_at), '[]')
  from reconciliation_match_transfers mt join mobile_transfers t on t.mode = mt.mode and t.sinpe_ref_number = mt.sinpe_ref_number
  where mt.match_id = ${matchId})`;

/**
 * One page of a queue. "nulls last" (the columns are never null) is the queue indexes' own order: with the default
 * (nulls first for desc) PostgreSQL read the whole state from the index and sorted it (34 ms against 0.1 ms at 40,000).
 * Suggested, Confirmed and Accepted read reconciliation_matches_queue_idx (mode, state,
 * transfer_at desc, id desc) and stop after `limit` rows; Unmatched reads mobile_transfers_open_paid_idx and skips
 * transfers that have any suggestion or decision.
 */
export async function listQueue(
  db: Db,
  { mode, queue, limit = 25, cursor, currency, filters = {} }: { mode: Mode; queue: Queue; limit?: number; cursor?: QueueCursor; currency?: string; filters?: QueueFilters },
): Promise<{ rows: QueueRow[]; next: QueueCursor | null }> {
  const take = Math.max(1, Math.min(100, limit));
  let rows: (QueueRow & { cursorId: string })[];
  // A sender filter on the queues of open transfers (Unmatched; Suggested, whose transfers were open when a pass wrote
  // them): how many key rows it matches, up to SENDER_CANDIDATES, decides between reading those and walking the queue.
  const senderText = filters.sender?.trim();
  const fromKeys =
    !!senderText && (queue === "unmatched" || queue === "suggested") &&
    ((await db.execute<{ n: number }>(sql`select count(*)::int as n from (select 1 from reconciliation_transfer_keys k
      where k.mode = ${mode} and ${senderKeyCondition(senderText)} limit ${SENDER_CANDIDATES}) x`))[0]?.n ?? 0) < SENDER_CANDIDATES;
  if (queue === "unmatched") {
    rows = [
      ...(await db.execute<QueueRow & { cursorId: string }>(sql`
        select null as "matchId", 'unmatched' as state, null as rule, null as score, '[]'::jsonb as reasons, null as "paymentIntentId",
          null as "intentAmount", t.amount::float8 as amount, t.currency, t.paid_at as "transferAt",
          json_build_array(json_build_object('ref', t.sinpe_ref_number, 'amount', t.amount, 'senderName', t.origin_name,
            'senderPhone', t.origin_phone, 'description', t.description)) as transfers,
          null as "decidedBy", null as "decidedAt", null as note, t.sinpe_ref_number as "cursorId"
        from mobile_transfers t
        where t.mode = ${mode} and ${OPEN} ${currency ? sql`and t.currency = ${currency}` : sql``}
          ${filterSql(filters, sql`t.paid_at`, sql`t.amount`, (condition, keyCondition) =>
            fromKeys
              ? // An open transfer has a key row once a pass has read it (its writer queues one): the few that may match, from the index.
                sql`(t.mode, t.sinpe_ref_number) in (select k.mode, k.sinpe_ref_number from reconciliation_transfer_keys k where k.mode = ${mode} and ${keyCondition})
                  and ${condition}`
              : // A common sender: the queue walked in order. As a scalar subquery the condition is estimated to hold
                // for half the rows (the planner has no statistics on the names' keys and guessed a few hundred, so it
                // read every open transfer and sorted them: 140–320 ms at 100,000).
                sql`(select ${condition})`,
          )}
          ${cursor ? sql`and (t.paid_at, t.sinpe_ref_number) < (${cursor.at}::timestamptz, ${cursor.id})` : sql``}
          and not exists (select 1 from reconciliation_match_transfers mt where mt.mode = t.mode and mt.sinpe_ref_number = t.sinpe_ref_number
                          and mt.state in ${LIVE})
        order by t.paid_at desc nulls last, t.sinpe_ref_number desc nulls last limit ${take + 1}`)),
    ];
  } else {
    rows = [
      ...(await db.execute<QueueRow & { cursorId: string }>(sql`
        select m.id::int as "matchId", m.state, m.rule, m.score, rc_reasons(m) as reasons, m.payment_intent_id as "paymentIntentId",
          m.intent_amount::float8 as "intentAmount", m.amount::float8 as amount, m.currency, m.transfer_at as "transferAt",
          ${transfersOf(sql`m.id`)} as transfers, (select o.name from operators o where o.id = m.decided_by) as "decidedBy",
          m.decided_at as "decidedAt", m.note, m.id::text as "cursorId"
        -- No join here: a join (even to the few operators) let the planner scan and sort the whole state instead of
        -- walking the queue index and stopping after a page (135 ms against 1 ms at 40,000 suggestions).
        from reconciliation_matches m
        where m.mode = ${mode} and m.state = ${queue} ${currency ? sql`and m.currency = ${currency}` : sql``}
          ${filterSql(filters, sql`m.transfer_at`, sql`m.amount`, (condition, keyCondition) => {
            const matches = sql`exists (select 1 from reconciliation_match_transfers mt
              join mobile_transfers t on t.mode = mt.mode and t.sinpe_ref_number = mt.sinpe_ref_number where mt.match_id = m.id and ${condition})`;
            if (queue !== "suggested") return matches;
            // A suggestion's transfers were open when the pass that wrote it read them, so they have key rows: the few
            // suggestions that may match, from the index (a decision's transfer may have none: a service link), or
            // the queue walked in order. Either way each row is decided on its transfers, once (a scalar subquery: as
            // a semi-join the planner read every transfer's name, 0.2–1 s at 100,000).
            return fromKeys
              ? sql`m.id in (select mt.match_id from reconciliation_transfer_keys k join reconciliation_match_transfers mt
                    on mt.mode = k.mode and mt.sinpe_ref_number = k.sinpe_ref_number and mt.state = 'suggested' where k.mode = ${mode} and ${keyCondition})
                  and (select ${matches})`
              : sql`(select ${matches})`;
          })}
          ${cursor ? sql`and (m.transfer_at, m.id) < (${cursor.at}::timestamptz, ${cursor.id}::bigint)` : sql``}
        order by m.transfer_at desc nulls last, m.id desc nulls last limit ${take + 1}`)),
    ];
  }
  const page = rows.slice(0, take).map((row) => {
    const { cursorId, ...rest } = row;
    void cursorId; // paging only
    return { ...rest, transferAt: new Date(rest.transferAt), decidedAt: rest.decidedAt ? new Date(rest.decidedAt) : null };
  });
  const last = rows.length > take ? rows[take - 1]! : null;
  return { rows: page, next: last ? { at: new Date(last.transferAt).toISOString(), id: last.cursorId } : null };
}

export type QueueSummary = { queue: Queue; currency: string; count: number; amount: number; ageing: { under1d: number; d1to3: number; d3to7: number; over7d: number } };

const ageing = (at: SQL) => sql`count(*) filter (where ${at} > now() - interval '1 day')::int as under1d,
  count(*) filter (where ${at} <= now() - interval '1 day' and ${at} > now() - interval '3 days')::int as d1to3,
  count(*) filter (where ${at} <= now() - interval '3 days' and ${at} > now() - interval '7 days')::int as d3to7,
  count(*) filter (where ${at} <= now() - interval '7 days')::int as over7d`;

/** The states of a match that keep its transfers out of Unmatched: a live suggestion or a decision that stands. */
export const LIVE = sql.raw(`('suggested', 'confirmed', 'accepted_unmatched')`);
type SummaryRow = { queue: Queue; currency: string; count: number; amount: number; under1d: number; d1to3: number; d3to7: number; over7d: number };
const toSummary = (rows: SummaryRow[]): QueueSummary[] =>
  rows.map(({ under1d, d1to3, d3to7, over7d, ...rest }) => ({ ...rest, ageing: { under1d, d1to3, d3to7, over7d } }));

/**
 * The hour a count is kept under when the log is folded (compactQueueCounts, a full pass's recount): its own epoch
 * hour, except money older than a week and two hours, whose hours all fall in "over 7 days" for good, kept under one
 * hour before that line, so the log holds a week of hours per queue and currency however old the data. (Two hours of
 * margin: "7 days ago" in the session's time zone moves by an hour across a daylight-saving change.)
 */
export const foldedHour = (at: SQL) => sql`(case when floor(extract(epoch from ${at}) / 3600) < rc_fold.h then rc_fold.h - 1
  else floor(extract(epoch from ${at}) / 3600) end)::int`;
/** The line foldedHour folds below, as a joinable row: `cross join ${foldLine}`. */
export const foldLine = sql`(select floor(extract(epoch from now() - interval '7 days') / 3600)::int - 2 as h) rc_fold`;

/** A log longer than this many rows per key (plus a margin) is folded back into one row per key after a read. */
const COMPACT_AFTER = { perKey: 2, margin: 500 };

/**
 * After a read of the mode's counts (the queues' summary, the Overview's unreconciled figure): when the rows it summed
 * (`logRows`) outnumber its keys by more than COMPACT_AFTER, the log is folded back into one row per key.
 */
export async function compactIfGrown(db: Db, mode: Mode, read: readonly { logRows: number; keys: number }[]): Promise<void> {
  const logRows = read.reduce((sum, row) => sum + row.logRows, 0);
  const keys = read.reduce((sum, row) => sum + row.keys, 0);
  if (logRows > keys * COMPACT_AFTER.perKey + COMPACT_AFTER.margin) await compactQueueCounts(db, mode);
}

/**
 * Each queue's count, amount per currency and ageing (a Suggested set counts once, with its transfers' total), read from
 * reconciliation_queue_counts, which the writes keep (drizzle/0023): whole hours of money fall in one ageing bucket
 * each, and the three hours that straddle "1, 3 and 7 days ago" are counted from the rows themselves, through the queue
 * indexes. Exactly queueSummaryFromRows's answer (db/queries/reconciliation.int.test.ts checks it), in milliseconds.
 */
export async function queueSummary(db: Db, mode: Mode): Promise<QueueSummary[]> {
  // The boundaries first, as the database's clock and time zone make them (text keeps their microseconds): given as
  // values, they let the planner read the three boundary hours from the queue indexes.
  const [edges] = await db.execute<{ b1: string; b3: string; b7: string; h1: number; h3: number; h7: number }>(sql`
    select b1::text, b3::text, b7::text, floor(extract(epoch from b1) / 3600)::int as h1, floor(extract(epoch from b3) / 3600)::int as h3,
      floor(extract(epoch from b7) / 3600)::int as h7
    from (select now() - interval '1 day' as b1, now() - interval '3 days' as b3, now() - interval '7 days' as b7) b`);
  const { b1, b3, b7, h1, h3, h7 } = edges!;
  const hour = (h: number) => sql`${`${h * 3600}`}::float8`;
  const inEdgeHours = (at: SQL) =>
    sql`(${sql.join([h1, h3, h7].map((h) => sql`(${at} >= to_timestamp(${hour(h)}) and ${at} < to_timestamp(${hour(h + 1)}))`), sql` or `)})`;
  const exactAgeing = (at: SQL) => sql`count(*) filter (where ${at} > ${b1}::timestamptz)::int as under1d,
    count(*) filter (where ${at} <= ${b1}::timestamptz and ${at} > ${b3}::timestamptz)::int as d1to3,
    count(*) filter (where ${at} <= ${b3}::timestamptz and ${at} > ${b7}::timestamptz)::int as d3to7,
    count(*) filter (where ${at} <= ${b7}::timestamptz)::int as over7d`;
  const rows = await db.execute<SummaryRow & { logRows: number; keys: number }>(sql`
    with keyed as (
      select c.queue, c.currency, c.hour, sum(c.n) as n, sum(c.amount) as amount, count(*) as log_rows
      from reconciliation_queue_counts c where c.mode = ${mode} and c.queue in ('suggested', 'confirmed', 'accepted_unmatched', 'unmatched') group by 1, 2, 3
    ), whole as (
      select k.queue, k.currency, sum(k.n) as n, sum(k.amount) as amount,
        coalesce(sum(k.n) filter (where k.hour > ${h1}::int), 0) as under1d,
        coalesce(sum(k.n) filter (where k.hour < ${h1}::int and k.hour > ${h3}::int), 0) as d1to3,
        coalesce(sum(k.n) filter (where k.hour < ${h3}::int and k.hour > ${h7}::int), 0) as d3to7,
        coalesce(sum(k.n) filter (where k.hour < ${h7}::int), 0) as over7d,
        sum(k.log_rows) as log_rows, count(*) as keys
      from keyed k where k.hour not in (${h1}::int, ${h3}::int, ${h7}::int) group by 1, 2
    ), edge_rows as (
      select m.state::text as queue, m.currency, m.amount, m.transfer_at as at
      from reconciliation_matches m where m.mode = ${mode} and m.state in ${LIVE} and ${inEdgeHours(sql`m.transfer_at`)}
      union all
      select 'unmatched', t.currency, t.amount, t.paid_at
      from mobile_transfers t where t.mode = ${mode} and ${OPEN} and ${inEdgeHours(sql`t.paid_at`)}
        and not exists (select 1 from reconciliation_match_transfers mt where mt.mode = t.mode and mt.sinpe_ref_number = t.sinpe_ref_number
                        and mt.state in ${LIVE})
    ), edge as (
      select queue, currency, count(*) as n, sum(amount) as amount, ${exactAgeing(sql`at`)}, 0 as log_rows, 0 as keys from edge_rows group by 1, 2
    )
    select queue, currency, sum(n)::int as count, sum(amount)::float8 as amount, sum(under1d)::int as under1d, sum(d1to3)::int as d1to3,
      sum(d3to7)::int as d3to7, sum(over7d)::int as over7d, sum(log_rows)::int as "logRows", sum(keys)::int as keys
    from (select * from whole union all select * from edge) u
    group by 1, 2 having sum(n) > 0
    order by 1, 2`);
  await compactIfGrown(db, mode, rows);
  return toSummary(rows.map(({ logRows, keys, ...row }) => (void logRows, void keys, row)));
}

/**
 * Folds the mode's log of queue counts into one row per key (and the hours older than a week into one: foldedHour).
 * Deletes only the rows its snapshot sees and inserts
 * their sum in the same statement, so a writer appending meanwhile loses nothing.
 */
export async function compactQueueCounts(db: Db, mode: Mode): Promise<void> {
  await db.execute(sql`with gone as (delete from reconciliation_queue_counts where mode = ${mode} returning *)
    insert into reconciliation_queue_counts (mode, queue, currency, hour, n, amount)
    select mode, queue, currency, case when hour < rc_fold.h then rc_fold.h - 1 else hour end, sum(n), sum(amount)
    from gone cross join ${foldLine} group by 1, 2, 3, 4 having sum(n) <> 0 or sum(amount) <> 0`);
}

/** queueSummary's answer counted from the rows themselves (a scan of every open transfer and counted match). */
export async function queueSummaryFromRows(db: Db, mode: Mode): Promise<QueueSummary[]> {
  const rows = await db.execute<SummaryRow>(sql`
    select state::text as queue, currency, count(*)::int as count, sum(amount)::float8 as amount, ${ageing(sql`transfer_at`)}
    from reconciliation_matches where mode = ${mode} and state in ${LIVE} group by state, currency
    union all
    select 'unmatched', t.currency, count(*)::int, sum(t.amount)::float8, ${ageing(sql`t.paid_at`)}
    from mobile_transfers t where t.mode = ${mode} and ${OPEN}
      and not exists (select 1 from reconciliation_match_transfers mt where mt.mode = t.mode and mt.sinpe_ref_number = t.sinpe_ref_number
                      and mt.state in ${LIVE})
    group by t.currency
    order by 1, 2`);
  return toSummary([...rows]);
}

export type ReconciliationHistoryEntry = {
  id: number;
  action: string;
  at: Date;
  actor: string;
  operatorName: string | null;
  matchId: number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/**
 * The reconciliation decisions about a transfer or an intent, oldest first: the audit rows of every match it took part
 * in (one audit row per decision, reached from either side through the match). Rule 1's links are the service's own
 * and come with no audit row: the match row (state confirmed, rule linked_by_service) and the service's events tell it.
 */
export async function reconciliationHistory(db: Db, subject: TimelineSubject, { limit = 100 } = {}): Promise<ReconciliationHistoryEntry[]> {
  if (subject.type !== "transfer" && subject.type !== "payment_intent") return [];
  const matches =
    subject.type === "transfer"
      ? sql`select mt.match_id from reconciliation_match_transfers mt where mt.mode = ${subject.mode} and mt.sinpe_ref_number = ${subject.id}`
      : sql`select m.id from reconciliation_matches m where m.mode = ${subject.mode} and m.payment_intent_id = ${subject.id}`;
  const rows = await db.execute<ReconciliationHistoryEntry>(sql`
    select a.id::int as id, a.action, a.at, a.actor, o.name as "operatorName", a.subject_id::int as "matchId", a.before, a.after
    from audit_log a left join operators o on o.id = a.operator_id
    where a.subject_type = 'reconciliation_match' and a.mode = ${subject.mode} and a.subject_id in (select x::text from (${matches}) as s(x))
    order by a.at desc, a.id desc limit ${limit}`);
  return rows.reverse().map((row) => ({ ...row, at: new Date(row.at) }));
}

export type CandidateIntent = {
  id: string;
  status: string;
  amount: number | null;
  currency: string | null;
  createdAt: Date | null;
  description: string | null;
  customerId: string | null;
  customerName: string | null;
  metadata: Record<string, unknown> | null;
};

export type WorkspaceMatch = QueueRow & {
  intent: CandidateIntent | null;
  undoneState: ReconciliationState | null;
  /** Who undid the decision, when, and the note they gave (from the undo's audit row). */
  undone?: { by: string | null; at: Date; note: string | null } | null;
};

export type WorkspaceTransfer = {
  ref: string;
  amount: number;
  currency: string;
  paidAt: Date;
  status: string | null;
  senderName: string | null;
  senderPhone: string | null;
  senderId: string | null;
  description: string | null;
  linkedIntent: string | null;
};

const intentJson = (id: SQL) => sql`(select json_build_object('id', i.id, 'status', i.status, 'amount', i.amount, 'currency', i.currency,
  'createdAt', i.created_at, 'description', i.description, 'customerId', i.customer_id, 'customerName', c.name, 'metadata', i.metadata)
  from payment_intents i left join customers c on c.mode = i.mode and c.id = i.customer_id where i.mode = m.mode and i.id = ${id})`;

/**
 * One transfer and every reconciliation row it is part of (its suggestions side by side, none preferred, and its
 * decisions, undone ones included), newest first, each with its intent and customer.
 */
export async function transferReconciliation(db: Db, mode: Mode, ref: string): Promise<{ transfer: WorkspaceTransfer; matches: WorkspaceMatch[] } | null> {
  const [transfer] = await db.execute<WorkspaceTransfer>(sql`
    select sinpe_ref_number as ref, amount::float8 as amount, currency, paid_at as "paidAt", status, origin_name as "senderName",
      origin_phone as "senderPhone", origin_id as "senderId", description, payment_intent_id as "linkedIntent"
    from mobile_transfers where mode = ${mode} and sinpe_ref_number = ${ref}`);
  if (!transfer) return null;
  const matches = await db.execute<WorkspaceMatch>(sql`
    select m.id::int as "matchId", m.state, m.rule, m.score, rc_reasons(m) as reasons, m.payment_intent_id as "paymentIntentId",
      m.intent_amount::float8 as "intentAmount", m.amount::float8 as amount, m.currency, m.transfer_at as "transferAt",
      ${transfersOf(sql`m.id`)} as transfers, o.name as "decidedBy", m.decided_at as "decidedAt", m.note, m.undone_state as "undoneState",
      case when m.undone_at is not null then json_build_object('by', (select u.name from operators u where u.id = m.undone_by), 'at', m.undone_at,
        'note', (select a.after->>'undoNote' from audit_log a where a.subject_type = 'reconciliation_match' and a.subject_id = m.id::text
                 and a.action = 'reconciliation.undone' order by a.at desc, a.id desc limit 1)) end as undone,
      ${intentJson(sql`m.payment_intent_id`)} as intent
    from reconciliation_matches m left join operators o on o.id = m.decided_by
    where m.mode = ${mode} and m.id in (select mt.match_id from reconciliation_match_transfers mt where mt.mode = ${mode} and mt.sinpe_ref_number = ${ref})
    order by (m.state = 'undone'), coalesce(m.decided_at, m.created_at) desc, m.id desc`);
  return {
    transfer: { ...transfer, paidAt: new Date(transfer.paidAt) },
    matches: matches.map((m) => ({
      ...m,
      transferAt: new Date(m.transferAt),
      decidedAt: m.decidedAt ? new Date(m.decidedAt) : null,
      undone: m.undone ? { ...m.undone, at: new Date(m.undone.at) } : null,
      intent: m.intent ? { ...m.intent, createdAt: m.intent.createdAt ? new Date(m.intent.createdAt) : null } : null,
    })),
  };
}

/**
 * Past this many customers or descriptions holding the text (counted up to it), match by hand walks the awaiting intents
 * newest first before it reads every intent the text finds: at 1M, ~4,000 intents read for the customers alone.
 */
export const COMMON_TEXT_ROWS = 1_000;
/** How many awaiting intents that walk reads at most: a text a hundredth of them hold fills a page of 20 within it (a fortieth, one of 50). */
export const AWAITING_WALK_ROWS = 2_000;

/** The customers (their search row) and descriptions holding the text, counted up to `cap`. */
async function countUpTo(db: Db, mode: Mode, text: string, like: string, customerMatch: (cs: SQL) => SQL, cap: number): Promise<number> {
  const [row] = await db.execute<{ n: number }>(sql`select count(*)::int as n from (
      select 1 from reconciliation_customer_search cs where cs.mode = ${mode} and ${customerMatch(sql`cs`)}
      ${text.length >= 3 ? sql`union all select 1 from reconciliation_intent_search s where s.mode = ${mode} and s.description is not null and s.description ilike ${`%${like}%`}` : sql``}
      limit ${cap}) x`);
  return row?.n ?? 0;
}

/**
 * Intents an operator may match a transfer to by hand, found by an amount (minor units) or by text: an id, an order
 * number in their metadata, or the customer's name, email or phone; canceled ones and those already confirmed against a transfer
 * are left out. Those still awaiting money first, then the newest (then by id: equal times came in any order).
 *
 * The condition is the one the search has always had, read from payment_intents and customers as they are now; the
 * rows it is tried on come from indexes (no index on payment_intents, whose writes are the sync's: drizzle/0039): the id,
 * the key rows' reference values (reconciliation_intent_keys) and those of a closed intent without one, the amount and
 * the description (reconciliation_intent_search, which the reconcile pass writes), and the customers' name, e-mail
 * and phone (reconciliation_customer_search, written by the pass the customers sync queues). An intent no pass has read yet (the sync and the webhook receiver each queue a
 * pass for what they write: until it has run) is found by its id, its customer, and its amount while it awaits money;
 * by its order number, its description, or the amount of one in another state, once a pass has read it.
 *
 * A text many customers or descriptions hold (COMMON_TEXT_ROWS) is first tried on the awaiting intents newest first
 * (payment_intents_awaiting_created_idx: only the intents awaiting money, drizzle/0043), the same test row by row.
 */
export async function findIntentsToMatch(
  db: Db,
  mode: Mode,
  {
    query,
    amount,
    currency,
    limit = 20,
    commonAt = COMMON_TEXT_ROWS,
    walkRows = AWAITING_WALK_ROWS,
  }: {
    query?: string;
    amount?: number | null;
    currency?: string;
    limit?: number;
    /** COMMON_TEXT_ROWS; a test sets it to try the walk on a small data set. */
    commonAt?: number;
    /** AWAITING_WALK_ROWS; a test sets it to try a walk that comes back short. */
    walkRows?: number;
  },
): Promise<CandidateIntent[]> {
  const text = query?.trim() ?? "";
  if (!text && amount == null) return [];
  const take = Math.max(1, Math.min(50, limit));
  const digits = text.replace(/\D/g, "");
  // The escaped text for LIKE: a % or _ typed is itself.
  const like = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  // A number may be an amount or an order number: either matches. An order number is found in the metadata's values
  // (the rules' reference values) and, as the operator reads it on the payment ("Pedido 90929", "ORD-642263"), in its
  // description: 3 characters or more, so a short number does not list every payment.
  // The intent's own reference values last: computed for an intent no pass has read, the dearest test, which the
  // others (evaluated first) mostly spare.
  const conditions = [
    ...(amount != null ? [sql`i.amount = ${amount}`] : []),
    ...(text
      ? [sql`(c.name_key like '%' || rc_name(${text}) || '%' or c.email ilike ${`%${like}%`}
          ${text.length >= 3 ? sql`or i.description ilike ${`%${like}%`}` : sql``}
          ${digits.length >= 4 ? sql`or c.phone_key like ${`%${digits}`}` : sql``}
          or i.id = ${text} or ${text} = any(coalesce(k.reference_values, rc_reference_values(i.id, i.metadata))))`]
      : []),
  ];
  const byText = sql`(${sql.join(conditions, sql` or `)})`;
  const awaiting = sql.raw(AWAITING_INTENT_STATUSES.map((status) => `'${status}'`).join(", "));
  const customerMatch = (cs: SQL) => sql`(${cs}.name_key like '%' || rc_name(${text}) || '%' or ${cs}.email ilike ${`%${like}%`}
    ${digits.length >= 4 ? sql`or ${cs}.phone_key like ${`%${digits}`}` : sql``})`;
  // Where the search finds the intents the condition can hold for (a superset: the condition decides), each source
  // twice: as the ids its index reads, and as the same test on one intent `i` with its key row `k` and search row `s`
  // (the walk below, which reads the intents in the page's order instead).
  const sources: { ids: SQL; holds: SQL }[] = [
    ...(text
      ? [
          { ids: sql`select ${text}::text as id`, holds: sql`i.id = ${text}` },
          {
            ids: sql`select k.id from reconciliation_intent_keys k where k.mode = ${mode} and k.reference_values @> array[${text}::text]`,
            holds: sql`k.reference_values @> array[${text}::text]`,
          },
          {
            ids: sql`select s.id from reconciliation_intent_search s where s.mode = ${mode} and s.reference_values <> '{}' and s.reference_values @> array[${text}::text]`,
            holds: sql`(s.reference_values <> '{}' and s.reference_values @> array[${text}::text])`,
          },
          ...(text.length >= 3
            ? [
                {
                  ids: sql`select s.id from reconciliation_intent_search s where s.mode = ${mode} and s.description is not null and s.description ilike ${`%${like}%`}`,
                  holds: sql`(s.description is not null and s.description ilike ${`%${like}%`})`,
                },
              ]
            : []),
          {
            ids: sql`select ci.id from reconciliation_customer_search cs join payment_intents ci on ci.mode = cs.mode and ci.customer_id = cs.id
              where cs.mode = ${mode} and ${customerMatch(sql`cs`)}`,
            holds: sql`exists (select 1 from reconciliation_customer_search cs where cs.mode = i.mode and cs.id = i.customer_id and ${customerMatch(sql`cs`)})`,
          },
        ]
      : []),
    ...(amount != null
      ? [
          { ids: sql`select s.id from reconciliation_intent_search s where s.mode = ${mode} and s.amount = ${amount}`, holds: sql`s.amount = ${amount}` },
          // An intent awaiting money that no pass has read yet (a webhook wrote it): payment_intents_awaiting_idx.
          ...(currency
            ? [
                {
                  ids: sql`select a.id from payment_intents a where a.mode = ${mode} and a.currency = ${currency} and a.amount = ${amount}
                    and a.status in (${awaiting})`,
                  holds: sql`(i.status in (${awaiting}) and i.currency = ${currency} and i.amount = ${amount})`,
                },
              ]
            : []),
        ]
      : []),
  ];
  const columns = sql`i.id, i.status, i.amount::float8 as amount, i.currency, i.created_at as "createdAt", i.description, i.customer_id as "customerId",
    c.name as "customerName", i.metadata`;
  const notPaid = sql`not exists (select 1 from reconciliation_matches m where m.mode = i.mode and m.payment_intent_id = i.id and m.state = 'confirmed')`;
  const answer = (rows: CandidateIntent[]) => rows.map((r) => ({ ...r, createdAt: r.createdAt ? new Date(r.createdAt) : null }));
  // A text many customers or descriptions hold (a common first name: a sixth of the customers at 1M, 166,000 intents
  // read, sorted and 20 kept, 1.5 s): the awaiting intents are walked newest first instead
  // (payment_intents_awaiting_created_idx, drizzle/0043), each tried as below, until a page is found. Those found are the
  // page's first rows in its order (the awaiting come first, and newest first among them); a walk that comes back short
  // (too few of the first walkRows awaiting intents hold the text) gives way to the search below.
  if (text && commonAt <= (await countUpTo(db, mode, text, like, customerMatch, commonAt))) {
    // Ordered by the walk's own columns, so that the nested loops keep its order and stop at the page (ordered by
    // i's, the planner read all walkRows and sorted them).
    const walked = await db.execute<CandidateIntent>(sql`
      select ${columns}
      from (select w.* from payment_intents w where w.mode = ${mode} and w.status in (${awaiting}) ${currency ? sql`and w.currency = ${currency}` : sql``}
            order by w.created_at desc nulls last, w.id limit ${walkRows}) i
        left join customers c on c.mode = i.mode and c.id = i.customer_id
        left join reconciliation_intent_keys k on k.mode = i.mode and k.id = i.id
        left join reconciliation_intent_search s on s.mode = i.mode and s.id = i.id
      where (${sql.join(
        sources.map((source) => source.holds),
        sql` or `,
      )}) and ${byText} and ${notPaid}
      order by i.created_at desc nulls last, i.id
      limit ${take}`);
    if (walked.length === take) return answer([...walked]);
  }
  // The condition is tried on the rows found, and only on them: read by their primary key (`= any(array(…))`; joined
  // to the union, the planner read every intent, and at 1M either tried the condition on each before the join,
  // computing 700,000 intents' reference values in 4 s, or hash-joined the 3,500 found by an amount to a scan of them all).
  const rows = await db.execute<CandidateIntent>(sql`
    select ${columns}
    from payment_intents i
      left join customers c on c.mode = i.mode and c.id = i.customer_id
      -- The order numbers and ids an intent answers to: the rules' key row, or computed when no pass has read it yet.
      left join reconciliation_intent_keys k on k.mode = i.mode and k.id = i.id
    where i.mode = ${mode} and i.id = any(array(${sql.join(
      sources.map((source) => source.ids),
      sql` union `,
    )})) and i.status <> 'canceled' and ${byText}
      ${currency ? sql`and i.currency = ${currency}` : sql``}
      and ${notPaid}
    order by (i.status in (${awaiting})) desc, i.created_at desc nulls last, i.id
    limit ${take}`);
  return answer([...rows]);
}

export type DeferredIntent = CandidateIntent & {
  /** Suggestions naming this intent: the transfers (or sets) that could be its money. */
  candidates: { matchId: number; score: number | null; amount: number; refs: string[] }[];
  /** Open transfers of its amount and currency since it was created that no rule tied to it (at most 3). */
  sameAmount: { ref: string; senderName: string | null; paidAt: string }[];
};

/**
 * How far the deferred payments are counted: past it the panel says "more than 1,000". Counting every processing
 * intent cost 639 ms at 1,000,000 intents; counting up to the cap reads at most this many entries of
 * payment_intents_processing_idx.
 */
export const DEFERRED_COUNT_CAP = 1_000;

/**
 * Deferred payments: intents in `processing` (SINPE, SINPE PIN deposits) that no confirmed match or service link has
 * paid yet, oldest first (payment_intents_processing_idx), with the suggestions that could be theirs. The total is
 * counted beside the page up to DEFERRED_COUNT_CAP: `capped` says there are more than that many.
 */
export async function listDeferredIntents(db: Db, mode: Mode, { limit = 10 } = {}): Promise<{ total: number; capped: boolean; rows: DeferredIntent[] }> {
  const unpaid = sql`i.mode = ${mode} and i.status = 'processing'
    and not exists (select 1 from reconciliation_matches m where m.mode = i.mode and m.payment_intent_id = i.id and m.state = 'confirmed')
    and not exists (select 1 from mobile_transfers t where t.mode = i.mode and t.payment_intent_id = i.id)`;
  const [rows, [count]] = await Promise.all([
    db.execute<DeferredIntent>(sql`
      select i.id, i.status, i.amount::float8 as amount, i.currency, i.created_at as "createdAt", i.description, i.customer_id as "customerId",
        c.name as "customerName", i.metadata,
        coalesce((select json_agg(json_build_object('matchId', m.id, 'score', m.score, 'amount', m.amount,
            'refs', (select array_agg(mt.sinpe_ref_number order by mt.sinpe_ref_number) from reconciliation_match_transfers mt where mt.match_id = m.id))
          order by m.score desc nulls last, m.id)
          from reconciliation_matches m where m.mode = i.mode and m.payment_intent_id = i.id and m.state = 'suggested'), '[]') as candidates,
        -- Open money of the same amount and currency from after the intent was created, that no rule tied to it (the
        -- sender did not match): worth a look by hand. Read from mobile_transfers_unlinked_idx in paid_at order, the first
        -- three and no more.
        coalesce((select json_agg(json_build_object('ref', t.sinpe_ref_number, 'senderName', t.origin_name, 'paidAt', t.paid_at) order by t.paid_at)
          from (select t.sinpe_ref_number, t.origin_name, t.paid_at from mobile_transfers t
                where t.mode = i.mode and t.currency = i.currency and t.amount = i.amount and ${OPEN} and t.paid_at >= i.created_at - interval '15 minutes'
                  and not exists (select 1 from reconciliation_match_transfers mt where mt.mode = t.mode and mt.sinpe_ref_number = t.sinpe_ref_number
                                  and (mt.state in ('confirmed', 'accepted_unmatched')
                                       or mt.match_id in (select m.id from reconciliation_matches m where m.mode = i.mode and m.payment_intent_id = i.id)))
                order by t.paid_at, t.sinpe_ref_number limit 3) t), '[]') as "sameAmount"
      from payment_intents i left join customers c on c.mode = i.mode and c.id = i.customer_id
      where ${unpaid} order by i.created_at asc nulls last, i.id limit ${Math.max(1, Math.min(100, limit))}`),
    db.execute<{ total: number }>(sql`select count(*)::int as total from (select 1 from payment_intents i where ${unpaid} limit ${DEFERRED_COUNT_CAP + 1}) i`),
  ]);
  const counted = count?.total ?? 0;
  return {
    total: Math.min(counted, DEFERRED_COUNT_CAP),
    capped: counted > DEFERRED_COUNT_CAP,
    rows: rows.map((r) => ({ ...r, createdAt: r.createdAt ? new Date(r.createdAt) : null })),
  };
}

/**
 * A suggestion (`m`) a bulk confirmation may take; see listHighConfidenceSuggestions. Its money is exactly the intent's:
 * an order number in the description is high confidence about *which* payment even when the amount differs, but a
 * difference (₡1 sent for a ₡25 000 order) is for a person to see and decide, one by one.
 */
const BULK_CONFIRMABLE = sql`m.state = 'suggested' and m.score >= ${sql.raw(String(HIGH_CONFIDENCE_SCORE))} and m.amount = m.intent_amount
      and not exists (select 1 from reconciliation_matches o where o.mode = m.mode and o.state = 'suggested' and o.id <> m.id and o.payment_intent_id = m.payment_intent_id)
      and not exists (select 1 from reconciliation_match_transfers a join reconciliation_match_transfers b on b.mode = a.mode and b.sinpe_ref_number = a.sinpe_ref_number
                      where a.match_id = m.id and b.match_id <> m.id and b.state = 'suggested')`;

/**
 * Which of these are still suggestions that a bulk confirmation may not take (a lower score, or no longer the only
 * candidate): the server's check of what the review screen offered. One decided meanwhile is not among them: confirming
 * it is refused on its own, with who decided it.
 */
export async function notBulkConfirmable(db: Db, mode: Mode, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.execute<{ id: number }>(sql`select m.id::int as id from reconciliation_matches m
    where m.mode = ${mode} and m.id = any(${`{${ids.map((id) => Math.trunc(id)).join(",")}}`}::bigint[]) and m.state = 'suggested' and not (${BULK_CONFIRMABLE})`);
  return rows.map((row) => row.id);
}

/**
 * The suggestions a bulk confirmation may take: high confidence (score ≥ 80), of exactly the intent's amount, the only candidate of each of their
 * transfers and the only suggestion for their intent (where there are several, a person chooses), newest first.
 */
/** How many suggestions a bulk confirmation may take now (the review screen shows a page of them and says so). */
export async function countHighConfidenceSuggestions(db: Db, mode: Mode): Promise<number> {
  const [row] = await db.execute<{ n: number }>(sql`select count(*)::int as n from reconciliation_matches m where m.mode = ${mode} and ${BULK_CONFIRMABLE}`);
  return row?.n ?? 0;
}

export async function listHighConfidenceSuggestions(db: Db, mode: Mode, { limit = 100 } = {}): Promise<WorkspaceMatch[]> {
  const rows = await db.execute<WorkspaceMatch>(sql`
    select m.id::int as "matchId", m.state, m.rule, m.score, rc_reasons(m) as reasons, m.payment_intent_id as "paymentIntentId",
      m.intent_amount::float8 as "intentAmount", m.amount::float8 as amount, m.currency, m.transfer_at as "transferAt",
      ${transfersOf(sql`m.id`)} as transfers, null as "decidedBy", null as "decidedAt", m.note, null as "undoneState",
      ${intentJson(sql`m.payment_intent_id`)} as intent
    from reconciliation_matches m
    where m.mode = ${mode} and ${BULK_CONFIRMABLE}
    order by m.transfer_at desc nulls last, m.id desc nulls last limit ${Math.max(1, Math.min(500, limit))}`);
  return rows.map((m) => ({ ...m, transferAt: new Date(m.transferAt), decidedAt: null, intent: m.intent ? { ...m.intent, createdAt: m.intent.createdAt ? new Date(m.intent.createdAt) : null } : null }));
}
