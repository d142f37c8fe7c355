import "server-only";
import { and, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Mode } from "@/lib/env-schema";
import { UNRECONCILED_TRANSFER_STATUSES } from "@/lib/payments/values";
import type { Db } from "../index";
import { mobileTransfers, paymentIntents } from "../schema";
import { notSettled, OPEN_TRANSFER } from "./reconciliation";
import { compactIfGrown, foldLine } from "./reconciliation-queues";
import { getOpenFailureCounts } from "./renewal-failures";
import { listEvents } from "./webhook-events";

// The Overview's figures, from the read models the webhooks feed. Sums are integer minor units, always per currency,
// returned as text: a total in céntimos can outgrow a double long before anyone notices.

/** How many of the latest webhook events the Overview lists. */
export const LATEST_EVENTS = 10;

export type IntentOutcome = "succeeded" | "failed" | "deferred";
/** [start, end): the instants bounding whole local days (see lib/local-days.ts). */
type Span = { start: Date; end: Date };

// Where each intent stands now: a deferred intent that later succeeded counts once, as succeeded. Failed is an intent
// whose last attempt failed: a payment error is recorded (last_error: the failure event's, or the record's
// lastPaymentError from the sync) and the intent went back to wait for a payment method or a confirmation. Not the
// status alone: the sync copies brand-new intents in those statuses too (never attempted), and an intent in
// requires_action has an attempt under way (3-D Secure waiting for the customer), whatever failed before it. Nor an
// intent that got past its failure: processing, authorised, succeeded, canceled, refunded.
const FAILED_STATUSES = ["requires_payment_method", "requires_confirmation"] as const;
const outcome = sql<IntentOutcome>`case
  when ${paymentIntents.status} = 'succeeded' then 'succeeded'
  when ${paymentIntents.status} = 'processing' then 'deferred'
  else 'failed' end`;
const counted = sql`(${paymentIntents.status} in ('succeeded', 'processing')
  or (${paymentIntents.status} in (${sql.join(
    FAILED_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  )}) and ${paymentIntents.lastError} is not null))`;

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

/** One local calendar day: its name (YYYY-MM-DD) and the instants [start, end) that bound it in the operator's zone. */
export type Day = Span & { day: string };

/**
 * Succeeded volume per day and currency; days without payments are absent. The days come with their bounds (computed
 * once, as the list filters compute them), so each is one index range and no row's time is converted to a zone.
 */
export async function getDailyVolume(db: Db, { mode, days }: { mode: Mode; days: Day[] }) {
  const bounds = JSON.stringify(days.map(({ day, start, end }) => ({ day, start: start.toISOString(), end: end.toISOString() })));
  const d = sql`d`;
  return db
    .select({
      day: sql<string>`${d}.day`,
      currency: sql<string>`${paymentIntents.currency}`,
      count: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${paymentIntents.amount}), 0)::text`,
    })
    .from(sql`json_to_recordset(${bounds}::json) as ${d}(day text, start timestamptz, "end" timestamptz)`)
    .innerJoin(
      paymentIntents,
      and(
        eq(paymentIntents.mode, mode),
        eq(paymentIntents.status, "succeeded"),
        sql`${paymentIntents.lastEventAt} >= ${d}.start and ${paymentIntents.lastEventAt} < ${d}."end"`,
        sql`${paymentIntents.currency} is not null`,
      ),
    )
    .groupBy(sql`1`, sql`2`)
    .orderBy(sql`1`, sql`2`);
}

export type DailyVolumeRow = Awaited<ReturnType<typeof getDailyVolume>>[number];

/**
 * Money that arrived and is still to be reconciled: no payment intent linked by the service, and no decision here
 * settled it (confirmed against an intent or accepted without a match: reconciliation's own record). What is left is
 * exactly what reconciliation's Suggested and Unmatched queues hold, each transfer once.
 */
const unlinked = (mode: Mode) =>
  and(
    eq(mobileTransfers.mode, mode),
    inArray(mobileTransfers.status, [...UNRECONCILED_TRANSFER_STATUSES]),
    isNull(mobileTransfers.paymentIntentId),
    notSettled(sql`${mobileTransfers.sinpeRefNumber}`, sql`${mobileTransfers.mode}`),
  );

export type UnreconciledByCurrency = { currency: string; count: number; amount: string; oldest: Date };

/**
 * Received SINPE transfers still to be reconciled (unlinked), per currency, with the oldest one's time of the money
 * (paid_at: the authorization's, else the record's creation or arrival, as the queues age them). Whether any transfer
 * arrived at all tells "all reconciled" from "none received" (the event is off by default on real accounts).
 *
 * The count and amount are the kept figure 'unreconciled' of reconciliation_queue_counts (drizzle/0038: the triggers
 * keep it per currency and hour of the money, exactly unreconciledTransfersFromRows's; queue-counts.int.test.ts checks
 * it through every decision); the oldest is read from the rows, from the first hour that figure holds (older hours
 * are folded into one after a week: from there, the oldest open transfers first). Counting the rows was an anti-join
 * over every open transfer: 806 ms at 1,000,000 transfers.
 */
export async function getUnreconciledTransfers(db: Db, { mode }: { mode: Mode }) {
  const [byCurrency, [seen]] = await Promise.all([
    db.execute<UnreconciledByCurrency & { logRows: number; keys: number }>(sql`
      with hours as (
        select c.currency, c.hour, sum(c.n) as n, sum(c.amount) as amount, count(*) as log_rows
        from reconciliation_queue_counts c where c.mode = ${mode} and c.queue = 'unreconciled' group by 1, 2
      ), per_currency as (
        select currency, sum(n) as n, sum(amount) as amount, min(hour) filter (where n <> 0) as first_hour, sum(log_rows) as log_rows, count(*) as keys
        from hours group by 1
      )
      select p.currency, p.n::int as count, p.amount::text as amount, o.paid_at as oldest, p.log_rows::int as "logRows", p.keys::int as keys
      from per_currency p cross join ${foldLine}
        cross join lateral (select t.paid_at from mobile_transfers t
          where t.mode = ${mode} and t.currency = p.currency and ${OPEN_TRANSFER} and ${notSettled(sql`t.sinpe_ref_number`)}
            and t.paid_at >= case when p.first_hour < rc_fold.h then '-infinity'::timestamptz else to_timestamp(p.first_hour::float8 * 3600) end
          order by t.paid_at limit 1) o
      where p.n > 0
      order by 2 desc, 1`),
    db.execute<{ any: boolean }>(sql`select exists (select 1 from ${mobileTransfers} where ${mobileTransfers.mode} = ${mode}) as any`),
  ]);
  await compactIfGrown(db, mode, byCurrency);
  return {
    byCurrency: byCurrency.map(({ currency, count, amount, oldest }): UnreconciledByCurrency => ({ currency, count, amount, oldest: new Date(oldest) })),
    anyReceived: seen?.any === true,
  };
}

/** getUnreconciledTransfers's figures counted from the rows themselves (an anti-join over every open transfer): for the tests and the bench. */
export async function unreconciledTransfersFromRows(db: Db, { mode }: { mode: Mode }) {
  const [byCurrency, [seen]] = await Promise.all([
    db
      .select({
        currency: mobileTransfers.currency,
        count: sql<number>`count(*)::int`,
        amount: sql<string>`sum(${mobileTransfers.amount})::text`,
        oldest: sql<Date>`min(${mobileTransfers.paidAt})`.mapWith(mobileTransfers.receivedAt),
      })
      .from(mobileTransfers)
      .where(unlinked(mode))
      .groupBy(mobileTransfers.currency)
      .orderBy(sql`2 desc`, mobileTransfers.currency),
    db.execute<{ any: boolean }>(sql`select exists (select 1 from ${mobileTransfers} where ${mobileTransfers.mode} = ${mode}) as any`),
  ]);
  return { byCurrency: byCurrency as UnreconciledByCurrency[], anyReceived: seen?.any === true };
}

export type UnreconciledTransfers = Awaited<ReturnType<typeof getUnreconciledTransfers>>;

/**
 * Unresolved renewal failures: how many are still retrying (and the soonest retry) and how many are exhausted, in the
 * failed-renewals workspace's own definition of each state (db/queries/renewal-failures.ts).
 */
export const getRenewalFailureSummary = getOpenFailureCounts;

export type RenewalFailureSummary = Awaited<ReturnType<typeof getRenewalFailureSummary>>;

/**
 * Everything the Overview shows, in one round of parallel queries (each one statement, except the transfers' pair):
 * the page waits for the slowest, not for the sum.
 */
export async function getOverview(db: Db, { mode, periods }: { mode: Mode; periods: { today: Span; week: Span; days: Day[] } }) {
  const [intents, daily, transfers, renewals, events] = await Promise.all([
    getIntentTotals(db, { mode, today: periods.today, week: periods.week }),
    getDailyVolume(db, { mode, days: periods.days }),
    getUnreconciledTransfers(db, { mode }),
    getRenewalFailureSummary(db, { mode }),
    listEvents(db, { mode }, { limit: LATEST_EVENTS }),
  ]);
  return { intents, daily, transfers, renewals, events: events.items };
}

export type OverviewData = Awaited<ReturnType<typeof getOverview>>;
