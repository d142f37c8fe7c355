import "server-only";
import { and, eq, gte, isNull, lt, sql } from "drizzle-orm";
import type { Mode } from "@/lib/env-schema";
import { STATUS_RANK } from "@/lib/webhooks/status-rank";
import type { Db } from "../index";
import { mobileTransfers, paymentIntents, renewalFailures } from "../schema";

// The Overview's figures, from the read models the webhooks feed. Sums are integer minor units, always per currency,
// returned as text: a total in céntimos can outgrow a double long before anyone notices.

export type IntentOutcome = "succeeded" | "failed" | "deferred";
type Span = { start: Date; end: Date };

// Where each intent stands now: a deferred intent that later succeeded counts once, as succeeded. Failed is an intent
// whose last word was a failure (a status before processing: only payment-intent.failed writes those).
const outcome = sql<IntentOutcome>`case
  when ${paymentIntents.status} = 'succeeded' then 'succeeded'
  when ${paymentIntents.status} = 'processing' then 'deferred'
  else 'failed' end`;
const counted = sql`(${paymentIntents.status} in ('succeeded', 'processing') or ${paymentIntents.statusRank} < ${STATUS_RANK.processing})`;

/**
 * Intents per outcome and currency whose current status was reached this week, and the part of it reached today. The
 * time is the one the event gives for that status (last_event_at); a failure's event carries no amount, so intents
 * without one are counted apart rather than summed as zero.
 */
export async function getIntentTotals(db: Db, { mode, week, today }: { mode: Mode; week: Span; today: Span }) {
  const isToday = sql`${paymentIntents.lastEventAt} >= ${today.start.toISOString()}::timestamptz`;
  const unpriced = sql`${paymentIntents.amount} is null`;
  return db
    .select({
      outcome,
      currency: paymentIntents.currency,
      todayCount: sql<number>`(count(*) filter (where ${isToday}))::int`,
      todayAmount: sql<string>`coalesce(sum(${paymentIntents.amount}) filter (where ${isToday}), 0)::text`,
      todayUnpriced: sql<number>`(count(*) filter (where ${isToday} and ${unpriced}))::int`,
      weekCount: sql<number>`count(*)::int`,
      weekAmount: sql<string>`coalesce(sum(${paymentIntents.amount}), 0)::text`,
      weekUnpriced: sql<number>`(count(*) filter (where ${unpriced}))::int`,
    })
    .from(paymentIntents)
    .where(and(eq(paymentIntents.mode, mode), gte(paymentIntents.lastEventAt, week.start), lt(paymentIntents.lastEventAt, week.end), counted))
    .groupBy(sql`1`, paymentIntents.currency);
}

export type IntentTotalsRow = Awaited<ReturnType<typeof getIntentTotals>>[number];

/** Succeeded volume per local calendar day (YYYY-MM-DD in `timeZone`) and currency; days without payments are absent. */
export async function getDailyVolume(db: Db, { mode, span, timeZone }: { mode: Mode; span: Span; timeZone: string }) {
  const day = sql<string>`to_char(timezone(${timeZone}, ${paymentIntents.lastEventAt}), 'YYYY-MM-DD')`;
  return db
    .select({
      day,
      currency: sql<string>`${paymentIntents.currency}`,
      count: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${paymentIntents.amount}), 0)::text`,
    })
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.mode, mode),
        eq(paymentIntents.status, "succeeded"),
        gte(paymentIntents.lastEventAt, span.start),
        lt(paymentIntents.lastEventAt, span.end),
        sql`${paymentIntents.currency} is not null`,
      ),
    )
    .groupBy(sql`1`, sql`2`)
    .orderBy(sql`1`, sql`2`);
}

export type DailyVolumeRow = Awaited<ReturnType<typeof getDailyVolume>>[number];

const unlinked = (mode: Mode) => and(eq(mobileTransfers.mode, mode), eq(mobileTransfers.status, "received"), isNull(mobileTransfers.paymentIntentId));

/**
 * Received SINPE transfers that no payment intent is linked to, per currency, with the oldest one's time. Whether any
 * transfer arrived at all tells "all reconciled" from "none received" (the event is off by default on real accounts).
 */
export async function getUnreconciledTransfers(db: Db, { mode }: { mode: Mode }) {
  const [byCurrency, [seen]] = await Promise.all([
    db
      .select({
        currency: mobileTransfers.currency,
        count: sql<number>`count(*)::int`,
        amount: sql<string>`sum(${mobileTransfers.amount})::text`,
        oldest: sql<Date>`min(coalesce(${mobileTransfers.authorizationDate}, ${mobileTransfers.receivedAt}))`.mapWith(mobileTransfers.receivedAt),
      })
      .from(mobileTransfers)
      .where(unlinked(mode))
      .groupBy(mobileTransfers.currency)
      .orderBy(sql`2 desc`, mobileTransfers.currency),
    db.execute<{ any: boolean }>(sql`select exists (select 1 from ${mobileTransfers} where ${mobileTransfers.mode} = ${mode}) as any`),
  ]);
  return { byCurrency, anyReceived: seen?.any === true };
}

export type UnreconciledTransfers = Awaited<ReturnType<typeof getUnreconciledTransfers>>;

// A failure still retrying has its next attempt scheduled; an uncollectible or void renewal, or one with no next
// attempt, was given up by the service and needs a person.
const retrying = sql`(${renewalFailures.nextPaymentAttempt} is not null and ${renewalFailures.invoiceStatus} not in ('uncollectible', 'void'))`;

/** Unresolved renewal failures: how many are still retrying (and the soonest retry) and how many are exhausted. */
export async function getRenewalFailureSummary(db: Db, { mode }: { mode: Mode }) {
  const [row] = await db
    .select({
      retrying: sql<number>`(count(*) filter (where ${retrying}))::int`,
      exhausted: sql<number>`(count(*) filter (where not ${retrying}))::int`,
      nextAttempt: sql<Date | null>`min(${renewalFailures.nextPaymentAttempt}) filter (where ${retrying})`.mapWith(renewalFailures.nextPaymentAttempt),
    })
    .from(renewalFailures)
    .where(and(eq(renewalFailures.mode, mode), isNull(renewalFailures.resolvedAt)));
  return { retrying: row?.retrying ?? 0, exhausted: row?.exhausted ?? 0, nextAttempt: row?.nextAttempt ?? null };
}

export type RenewalFailureSummary = Awaited<ReturnType<typeof getRenewalFailureSummary>>;
