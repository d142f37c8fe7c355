import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Mode } from "@/lib/env-schema";
import { UNRECONCILED_TRANSFER_STATUSES } from "@/lib/payments/values";
import type { Reason, ReconciliationRule, ReconciliationState } from "@/lib/reconciliation/reasons";
import type { Db } from "../index";
import type { TimelineSubject } from "./timeline";

// What /reconciliation will read (the pages come later): its queues, page by page newest transfer first with a keyset
// cursor, their counts and sums per currency with ageing, and a transfer's or intent's reconciliation history.

export const QUEUES = ["suggested", "unmatched", "confirmed", "accepted_unmatched"] as const;
export type Queue = (typeof QUEUES)[number];
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

const OPEN = sql.raw(`t.status in (${UNRECONCILED_TRANSFER_STATUSES.map((s) => `'${s}'`).join(", ")}) and t.payment_intent_id is null`);

const transfersOf = (matchId: SQL) => sql`(select coalesce(json_agg(json_build_object('ref', t.sinpe_ref_number, 'amount', t.amount,
  'senderName', t.origin_name, 'senderPhone', t.sender_phone, 'description', t.description) order by t.paid_at), '[]')
  from reconciliation_match_transfers mt join mobile_transfers t on t.mode = mt.mode and t.sinpe_ref_number = mt.sinpe_ref_number
  where mt.match_id = ${matchId})`;

/**
 * One page of a queue. Suggested, Confirmed and Accepted read reconciliation_matches_queue_idx (mode, state,
 * transfer_at desc, id desc) and stop after `limit` rows; Unmatched reads mobile_transfers_open_paid_idx and skips
 * transfers that have any suggestion or decision.
 */
export async function listQueue(
  db: Db,
  { mode, queue, limit = 25, cursor, currency }: { mode: Mode; queue: Queue; limit?: number; cursor?: QueueCursor; currency?: string },
): Promise<{ rows: QueueRow[]; next: QueueCursor | null }> {
  const take = Math.max(1, Math.min(100, limit));
  let rows: (QueueRow & { cursorId: string })[];
  if (queue === "unmatched") {
    rows = [
      ...(await db.execute<QueueRow & { cursorId: string }>(sql`
        select null as "matchId", 'unmatched' as state, null as rule, null as score, '[]'::jsonb as reasons, null as "paymentIntentId",
          null as "intentAmount", t.amount::float8 as amount, t.currency, t.paid_at as "transferAt",
          json_build_array(json_build_object('ref', t.sinpe_ref_number, 'amount', t.amount, 'senderName', t.origin_name,
            'senderPhone', t.sender_phone, 'description', t.description)) as transfers,
          null as "decidedBy", null as "decidedAt", null as note, t.sinpe_ref_number as "cursorId"
        from mobile_transfers t
        where t.mode = ${mode} and ${OPEN} ${currency ? sql`and t.currency = ${currency}` : sql``}
          ${cursor ? sql`and (t.paid_at, t.sinpe_ref_number) < (${cursor.at}::timestamptz, ${cursor.id})` : sql``}
          and not exists (select 1 from reconciliation_match_transfers mt where mt.mode = t.mode and mt.sinpe_ref_number = t.sinpe_ref_number
                          and mt.state in ('suggested', 'confirmed', 'accepted_unmatched'))
        order by t.paid_at desc, t.sinpe_ref_number desc limit ${take + 1}`)),
    ];
  } else {
    rows = [
      ...(await db.execute<QueueRow & { cursorId: string }>(sql`
        select m.id::int as "matchId", m.state, m.rule, m.score, m.reasons, m.payment_intent_id as "paymentIntentId",
          m.intent_amount::float8 as "intentAmount", m.amount::float8 as amount, m.currency, m.transfer_at as "transferAt",
          ${transfersOf(sql`m.id`)} as transfers, o.name as "decidedBy", m.decided_at as "decidedAt", m.note, m.id::text as "cursorId"
        from reconciliation_matches m left join operators o on o.id = m.decided_by
        where m.mode = ${mode} and m.state = ${queue} ${currency ? sql`and m.currency = ${currency}` : sql``}
          ${cursor ? sql`and (m.transfer_at, m.id) < (${cursor.at}::timestamptz, ${cursor.id}::bigint)` : sql``}
        order by m.transfer_at desc, m.id desc limit ${take + 1}`)),
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

/** Each queue's count, amount per currency and ageing (a Suggested set counts once, with its transfers' total). */
export async function queueSummary(db: Db, mode: Mode): Promise<QueueSummary[]> {
  const rows = await db.execute<{ queue: Queue; currency: string; count: number; amount: number; under1d: number; d1to3: number; d3to7: number; over7d: number }>(sql`
    select state::text as queue, currency, count(*)::int as count, sum(amount)::float8 as amount, ${ageing(sql`transfer_at`)}
    from reconciliation_matches where mode = ${mode} and state in ('suggested', 'confirmed', 'accepted_unmatched') group by state, currency
    union all
    select 'unmatched', t.currency, count(*)::int, sum(t.amount)::float8, ${ageing(sql`t.paid_at`)}
    from mobile_transfers t where t.mode = ${mode} and ${OPEN}
      and not exists (select 1 from reconciliation_match_transfers mt where mt.mode = t.mode and mt.sinpe_ref_number = t.sinpe_ref_number
                      and mt.state in ('suggested', 'confirmed', 'accepted_unmatched'))
    group by t.currency
    order by 1, 2`);
  return rows.map(({ under1d, d1to3, d3to7, over7d, ...rest }) => ({ ...rest, ageing: { under1d, d1to3, d3to7, over7d } }));
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
