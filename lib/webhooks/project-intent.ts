import "server-only";
import { sql } from "drizzle-orm";
import type { Transaction } from "@/db";
import { paymentIntents } from "@/db/schema";
import type { Mode } from "@/lib/env-schema";
import { statusRank, TERMINAL_RANK } from "./status-rank";

export type IntentFacts = {
  mode: Mode;
  id: string;
  status: string;
  /** When the event says this status was reached. */
  at: Date;
  amount?: number | null;
  currency?: string | null;
  customerId?: string | null;
  description?: string | null;
  metadata?: Record<string, string> | null;
  lastError?: Record<string, unknown> | null;
  createdAt?: Date | null;
  /** Set for a failure: recorded on the intent if it arrives after a terminal state instead of being applied. */
  conflict?: string;
};

/**
 * Upserts what one event says about an intent, in one statement so concurrent events for the same intent cannot
 * interleave. A non-terminal intent takes a newer status (or any terminal one); a terminal intent only moves to a
 * higher terminal state (succeeded → refunded). Facts other than status fill in what is missing.
 */
export async function projectIntent(tx: Transaction, facts: IntentFacts): Promise<void> {
  const rank = statusRank(facts.status);
  const current = sql.raw(`"payment_intents"`);
  const apply = sql`((${current}.status_rank < ${TERMINAL_RANK} and (excluded.status_rank >= ${TERMINAL_RANK} or excluded.last_event_at >= ${current}.last_event_at))
    or (${current}.status_rank >= ${TERMINAL_RANK} and excluded.status_rank > ${current}.status_rank))`;
  const conflict = facts.conflict
    ? sql`case when ${current}.status_rank >= ${TERMINAL_RANK} and excluded.status_rank < ${TERMINAL_RANK} then ${facts.conflict}::text else ${current}.conflict end`
    : sql`${current}.conflict`;

  await tx
    .insert(paymentIntents)
    .values({
      mode: facts.mode,
      id: facts.id,
      status: facts.status,
      statusRank: rank,
      amount: facts.amount ?? null,
      currency: facts.currency ?? null,
      customerId: facts.customerId ?? null,
      description: facts.description ?? null,
      metadata: facts.metadata ?? null,
      lastError: facts.lastError ?? null,
      createdAt: facts.createdAt ?? null,
      lastEventAt: facts.at,
    })
    .onConflictDoUpdate({
      target: [paymentIntents.mode, paymentIntents.id],
      set: {
        status: sql`case when ${apply} then excluded.status else ${current}.status end`,
        statusRank: sql`case when ${apply} then excluded.status_rank else ${current}.status_rank end`,
        lastEventAt: sql`case when ${apply} then excluded.last_event_at else ${current}.last_event_at end`,
        amount: sql`coalesce(excluded.amount, ${current}.amount)`,
        currency: sql`coalesce(excluded.currency, ${current}.currency)`,
        customerId: sql`coalesce(excluded.customer_id, ${current}.customer_id)`,
        description: sql`coalesce(excluded.description, ${current}.description)`,
        metadata: sql`coalesce(excluded.metadata, ${current}.metadata)`,
        lastError: sql`coalesce(excluded.last_error, ${current}.last_error)`,
        createdAt: sql`least(excluded.created_at, ${current}.created_at)`,
        conflict,
        updatedAt: sql`now()`,
      },
    });
}
