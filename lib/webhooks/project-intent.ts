import "server-only";
import { getTableName, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { ev } from "@/db/queries/webhook-ingest";
import { modeEnum, paymentIntents as pi } from "@/db/schema";
import { intentLastError, intentLastEventAt, intentStatusApplies } from "@/db/queries/payment-intents";
import { column, enumType, excluded, frozen, name, names, table } from "@/db/sql-names";
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

// The conflicting row goes by the table's own name: the ordering rule (db/queries/payment-intents.ts) names it so.
const TABLE = getTableName(pi);
const TERMINAL = sql.raw(String(TERMINAL_RANK));

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

// The statement's fixed parts, rendered once: only the event's facts change from one delivery to the next.
const apply = intentStatusApplies(TABLE);
const stored = (c: PgColumn) => sql`${name(c)} = case when ${apply} then ${excluded(c)} else ${column(c)} end`;
const filled = (c: PgColumn) => sql`${name(c)} = coalesce(${excluded(c)}, ${column(c)})`;
const INSERT = frozen(sql`insert into ${table(pi)}
      (${names(pi.mode, pi.id, pi.status, pi.statusRank, pi.amount, pi.currency, pi.customerId, pi.description, pi.metadata, pi.lastError, pi.createdAt, pi.lastEventAt)})`);
const UPDATE = frozen(sql`on conflict (${names(pi.mode, pi.id)}) do update set
      ${stored(pi.status)},
      ${stored(pi.statusRank)},
      ${name(pi.lastEventAt)} = ${intentLastEventAt(TABLE, apply)},
      ${filled(pi.amount)},
      ${filled(pi.currency)},
      ${filled(pi.customerId)},
      ${filled(pi.description)},
      ${filled(pi.metadata)},
      ${name(pi.lastError)} = ${intentLastError(TABLE, apply)},
      ${name(pi.createdAt)} = least(${excluded(pi.createdAt)}, ${column(pi.createdAt)}),
      ${name(pi.updatedAt)} = now(),
      ${name(pi.conflict)} =`);
const KEEP_CONFLICT = frozen(column(pi.conflict));
// A failure reported after a terminal state is recorded beside it, not applied.
const CONFLICT_IF_LATE = [
  frozen(sql`case when ${column(pi.statusRank)} >= ${TERMINAL} and ${excluded(pi.statusRank)} < ${TERMINAL} then`),
  frozen(sql`::text else ${column(pi.conflict)} end`),
] as const;

/**
 * Upserts what one event says about an intent. A non-terminal intent takes a newer status (or any terminal one); a
 * terminal intent only moves to a higher terminal state (succeeded → refunded). Facts other than status fill in what
 * is missing (the last error merges with the sync's: intentLastError). One statement, so concurrent events for one intent cannot interleave.
 */
export function intentProjection(facts: IntentFacts): SQL {
  const conflict = facts.conflict ? sql`${CONFLICT_IF_LATE[0]} ${facts.conflict}${CONFLICT_IF_LATE[1]}` : KEEP_CONFLICT;
  return sql`${INSERT}
    select ${facts.mode}::${enumType(modeEnum)}, ${facts.id}, ${facts.status}, ${statusRank(facts.status)}, ${facts.amount ?? null}::bigint,
      ${facts.currency ?? null}, ${facts.customerId ?? null}, ${facts.description ?? null}, ${json(facts.metadata)}::jsonb,
      ${json(facts.lastError)}::jsonb, ${facts.createdAt ?? null}::timestamptz, ${facts.at}::timestamptz
    from ${ev.cte} where ${ev.inserted}
    ${UPDATE} ${conflict}`;
}
