import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Mode } from "@/lib/env-schema";
import { statusRank, TERMINAL_RANK } from "./status-rank";

export type IntentFacts = {
  mode: Mode;
  id: string;
  status: string;
  /** When the event says this status was reached. */
  at: string;
  amount?: number | null;
  currency?: string | null;
  customerId?: string | null;
  description?: string | null;
  metadata?: Record<string, string> | null;
  lastError?: Record<string, unknown> | null;
  createdAt?: string | null;
  /** Set for a failure: recorded on the intent if it arrives after a terminal state instead of being applied. */
  conflict?: string;
};

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * Upserts what one event says about an intent. A non-terminal intent takes a newer status (or any terminal one); a
 * terminal intent only moves to a higher terminal state (succeeded → refunded). Facts other than status fill in what
 * is missing. One statement, so concurrent events for one intent cannot interleave.
 */
/**
 * Whether the incoming row's status replaces the stored one (`row` names the stored row): the one ordering rule shared
 * by the webhook projection and the sync (db/queries/sync.ts), so either can arrive first and the row ends the same.
 */
export function intentStatusApplies(row: string): SQL {
  const r = sql.raw(row);
  return sql`((${r}.status_rank < ${TERMINAL_RANK} and (excluded.status_rank >= ${TERMINAL_RANK} or excluded.last_event_at >= ${r}.last_event_at))
    or (${r}.status_rank >= ${TERMINAL_RANK} and excluded.status_rank > ${r}.status_rank))`;
}

/** The status's time: the applied one's, or the later of the two when both say the same status (order-independent). */
export function intentLastEventAt(row: string, apply: SQL): SQL {
  const r = sql.raw(row);
  return sql`case when ${apply} then excluded.last_event_at
    when excluded.status = ${r}.status then greatest(excluded.last_event_at, ${r}.last_event_at) else ${r}.last_event_at end`;
}

export function intentProjection(facts: IntentFacts): SQL {
  const apply = intentStatusApplies("pi");
  const conflict = facts.conflict
    ? sql`case when pi.status_rank >= ${TERMINAL_RANK} and excluded.status_rank < ${TERMINAL_RANK} then ${facts.conflict}::text else pi.conflict end`
    : sql`pi.conflict`;
  return sql`insert into payment_intents as pi
      (mode, id, status, status_rank, amount, currency, customer_id, description, metadata, last_error, created_at, last_event_at)
    select ${facts.mode}::mode, ${facts.id}, ${facts.status}, ${statusRank(facts.status)}, ${facts.amount ?? null}::bigint,
      ${facts.currency ?? null}, ${facts.customerId ?? null}, ${facts.description ?? null}, ${json(facts.metadata)}::jsonb,
      ${json(facts.lastError)}::jsonb, ${facts.createdAt ?? null}::timestamptz, ${facts.at}::timestamptz
    from ev where ev.inserted
    on conflict (mode, id) do update set
      status = case when ${apply} then excluded.status else pi.status end,
      status_rank = case when ${apply} then excluded.status_rank else pi.status_rank end,
      last_event_at = ${intentLastEventAt("pi", apply)},
      amount = coalesce(excluded.amount, pi.amount),
      currency = coalesce(excluded.currency, pi.currency),
      customer_id = coalesce(excluded.customer_id, pi.customer_id),
      description = coalesce(excluded.description, pi.description),
      metadata = coalesce(excluded.metadata, pi.metadata),
      last_error = coalesce(excluded.last_error, pi.last_error),
      created_at = least(excluded.created_at, pi.created_at),
      conflict = ${conflict},
      updated_at = now()`;
}
