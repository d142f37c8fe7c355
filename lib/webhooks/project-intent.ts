import "server-only";
import { getTableName, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { ev } from "@/db/queries/webhook-ingest";
import { modeEnum, paymentIntents as pi } from "@/db/schema";
import { excluded, name, names, of } from "@/db/sql-names";
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

// The conflicting row goes by the table's own name: the rule below is shared with the sync, which names it so too.
const TABLE = getTableName(pi);

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * Whether the incoming row's status replaces the stored one (`row` names the stored row): the one ordering rule shared
 * by the webhook projection and the sync (db/queries/sync.ts), so either can arrive first and the row ends the same.
 */
export function intentStatusApplies(row: string): SQL {
  const rank = of(row, pi.statusRank);
  const at = of(row, pi.lastEventAt);
  return sql`((${rank} < ${TERMINAL_RANK} and (${excluded(pi.statusRank)} >= ${TERMINAL_RANK} or ${excluded(pi.lastEventAt)} >= ${at}))
    or (${rank} >= ${TERMINAL_RANK} and ${excluded(pi.statusRank)} > ${rank}))`;
}

/** The status's time: the applied one's, or the later of the two when both say the same status (order-independent). */
export function intentLastEventAt(row: string, apply: SQL): SQL {
  const at = of(row, pi.lastEventAt);
  return sql`case when ${apply} then ${excluded(pi.lastEventAt)}
    when ${excluded(pi.status)} = ${of(row, pi.status)} then greatest(${excluded(pi.lastEventAt)}, ${at}) else ${at} end`;
}

/**
 * Upserts what one event says about an intent. A non-terminal intent takes a newer status (or any terminal one); a
 * terminal intent only moves to a higher terminal state (succeeded → refunded). Facts other than status fill in what
 * is missing. One statement, so concurrent events for one intent cannot interleave.
 */
export function intentProjection(facts: IntentFacts): SQL {
  const apply = intentStatusApplies(TABLE);
  const stored = (column: PgColumn) => sql`${name(column)} = case when ${apply} then ${excluded(column)} else ${column} end`;
  const filled = (column: PgColumn) => sql`${name(column)} = coalesce(${excluded(column)}, ${column})`;
  const conflict = facts.conflict
    ? sql`case when ${pi.statusRank} >= ${TERMINAL_RANK} and ${excluded(pi.statusRank)} < ${TERMINAL_RANK} then ${facts.conflict}::text else ${pi.conflict} end`
    : sql`${pi.conflict}`;
  return sql`insert into ${pi}
      (${names(pi.mode, pi.id, pi.status, pi.statusRank, pi.amount, pi.currency, pi.customerId, pi.description, pi.metadata, pi.lastError, pi.createdAt, pi.lastEventAt)})
    select ${facts.mode}::${sql.identifier(modeEnum.enumName)}, ${facts.id}, ${facts.status}, ${statusRank(facts.status)}, ${facts.amount ?? null}::bigint,
      ${facts.currency ?? null}, ${facts.customerId ?? null}, ${facts.description ?? null}, ${json(facts.metadata)}::jsonb,
      ${json(facts.lastError)}::jsonb, ${facts.createdAt ?? null}::timestamptz, ${facts.at}::timestamptz
    from ${ev.cte} where ${ev.inserted}
    on conflict (${names(pi.mode, pi.id)}) do update set
      ${stored(pi.status)},
      ${stored(pi.statusRank)},
      ${name(pi.lastEventAt)} = ${intentLastEventAt(TABLE, apply)},
      ${filled(pi.amount)},
      ${filled(pi.currency)},
      ${filled(pi.customerId)},
      ${filled(pi.description)},
      ${filled(pi.metadata)},
      ${filled(pi.lastError)},
      ${name(pi.createdAt)} = least(${excluded(pi.createdAt)}, ${pi.createdAt}),
      ${name(pi.conflict)} = ${conflict},
      ${name(pi.updatedAt)} = now()`;
}
