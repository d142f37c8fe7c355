import "server-only";
import { and, desc, eq, gte, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { Mode } from "@/lib/env-schema";
import type { FailureSort, FailureState } from "@/lib/renewals/states";
import type { Db } from "../index";
import { customers, operators, paymentIntents, renewalFailures as rf, renewalFollowUps as fu, renewals as rn, webhookEvents } from "../schema";

// The failed-renewals workspace's reads. A failure's state is derived here, once, from the failure read model (the
// webhooks) and the synced renewal of the same subscription and period (the sync): the list, its totals, its chart,
// its export and the Overview's counts all read these fragments, so they cannot disagree.

export { FAILURE_STATES, type FailureState } from "@/lib/renewals/states";

const GIVEN_UP = sql`('uncollectible', 'void')`;
// Never null (a failure whose renewal the sync has not copied has none): a null here would make the states' tests
// unknown rather than false, and a row would fall out of every state.
const renewalStatus = sql`coalesce(${rn.status}, '')`;

/** Paid: a later success of the subscription resolved it, or the renewal itself is paid (either source says so). */
const recovered = sql`(${rf.resolvedAt} is not null or ${rf.invoiceStatus} = 'paid' or ${renewalStatus} = 'paid')`;
/** The service stopped retrying: no next attempt, or the renewal is uncollectible or void. */
const givenUp = sql`(${rf.nextPaymentAttempt} is null or ${rf.invoiceStatus} in ${GIVEN_UP} or ${renewalStatus} in ${GIVEN_UP})`;

export const failureState = sql<FailureState>`case when ${recovered} then 'recovered' when ${givenUp} then 'exhausted' else 'retrying' end`;

/** When the state last changed: the recovery, the synced renewal that said it was given up, else the last attempt. */
export const failureStateChangedAt = sql<Date | null>`case
  when ${recovered} then coalesce(${rf.resolvedAt}, ${rn.syncedAt}, ${rf.lastPaymentAttempt})
  when ${rf.nextPaymentAttempt} is not null and ${rf.invoiceStatus} not in ${GIVEN_UP} and ${renewalStatus} in ${GIVEN_UP} then ${rn.syncedAt}
  else ${rf.lastPaymentAttempt} end`.mapWith(rf.lastPaymentAttempt);

/** What is at stake: the renewal's total, else the amount of the intent its last attempt charged. */
export const failureAmount = sql<number | null>`coalesce(${rn.total}, ${paymentIntents.amount})`.mapWith(Number);
export const failureCurrency = sql<string | null>`upper(coalesce(${rf.currency}, ${rn.currency}))`;

const stateIs = (state: FailureState): SQL =>
  state === "recovered" ? recovered : state === "exhausted" ? sql`(not ${recovered} and ${givenUp})` : sql`(not ${recovered} and not ${givenUp})`;
const atRisk = sql`(not ${recovered})`;

// The failure's synced renewal (same subscription and period) and the intent its last attempt charged.
const renewalOn = and(eq(rn.mode, rf.mode), eq(rn.subscriptionId, rf.subscriptionId), eq(rn.periodStart, rf.invoicePeriodStart));
const intentOn = and(eq(paymentIntents.mode, rf.mode), eq(paymentIntents.id, rf.paymentIntentId));

export type FailureFilters = {
  mode: Mode;
  state?: FailureState | null;
  currency?: string | null;
  errorCode?: string | null;
  /** An operator's id, or "none" for the unassigned. */
  assignedTo?: string | null;
  /** The last attempt's time, [from, before). */
  from?: Date;
  before?: Date;
};

function where(filters: FailureFilters): SQL | undefined {
  return and(
    eq(rf.mode, filters.mode),
    filters.state ? stateIs(filters.state) : undefined,
    filters.currency ? sql`${failureCurrency} = ${filters.currency.toUpperCase()}` : undefined,
    filters.errorCode ? eq(rf.errorCode, filters.errorCode) : undefined,
    filters.assignedTo === "none" ? isNull(fu.assignedTo) : filters.assignedTo ? eq(fu.assignedTo, filters.assignedTo) : undefined,
    filters.from ? gte(rf.lastPaymentAttempt, filters.from) : undefined,
    filters.before ? lt(rf.lastPaymentAttempt, filters.before) : undefined,
  );
}


const customerField = (field: "email" | "phone" | "name") => sql<string | null>`${webhookEvents.payload}->'data'->'customer'->>${field}`;

/**
 * One page of failures, soonest retry first (those with none last) or most money at risk first. Paged by offset:
 * the order is by values that change (a retry moves a row), so a key cursor would not be steadier.
 */
export async function listRenewalFailures(db: Db, filters: FailureFilters, { sort = "nextAttempt", limit, offset = 0 }: { sort?: FailureSort; limit: number; offset?: number }) {
  const order =
    sort === "amount"
      ? [sql`${atRisk} desc`, sql`${failureAmount} desc nulls last`, desc(rf.id)]
      : [sql`${rf.nextPaymentAttempt} asc nulls last`, desc(rf.lastPaymentAttempt), desc(rf.id)];
  const rows = await db
    .select({
      id: rf.id,
      subscriptionId: rf.subscriptionId,
      periodStart: rf.invoicePeriodStart,
      periodEnd: rf.invoicePeriodEnd,
      renewalId: rn.id,
      customerId: rf.customerId,
      customerName: sql<string | null>`coalesce(${customers.name}, ${rf.customerName}, ${customerField("name")})`,
      customerEmail: sql<string | null>`coalesce(${customers.email}, ${customerField("email")})`,
      customerPhone: sql<string | null>`coalesce(${customers.phone}, ${customerField("phone")})`,
      amount: failureAmount,
      currency: failureCurrency,
      attempts: sql<number>`greatest(${rf.attemptCount}, coalesce(${rn.attemptCount}, 0))`.mapWith(Number),
      lastAttemptAt: rf.lastPaymentAttempt,
      nextAttemptAt: rf.nextPaymentAttempt,
      errorCode: rf.errorCode,
      errorMessage: rf.errorMessage,
      paymentIntentId: rf.paymentIntentId,
      state: failureState,
      stateChangedAt: failureStateChangedAt,
      assignedTo: fu.assignedTo,
      assignedName: operators.name,
      lastContactKind: fu.lastContactKind,
      lastContactNote: fu.lastContactNote,
      lastContactAt: fu.lastContactAt,
      promisedBy: fu.promisedBy,
    })
    .from(rf)
    .leftJoin(rn, renewalOn)
    .leftJoin(paymentIntents, intentOn)
    .leftJoin(fu, eq(fu.failureId, rf.id))
    .leftJoin(operators, eq(operators.id, fu.assignedTo))
    .leftJoin(customers, and(eq(customers.mode, rf.mode), eq(customers.id, rf.customerId)))
    // The event that last touched the row carries the customer's e-mail and phone when the sync has not copied them yet.
    .leftJoin(webhookEvents, eq(webhookEvents.id, rf.lastEventId))
    .where(where(filters))
    .orderBy(...order)
    .limit(limit + 1)
    .offset(offset);
  return { items: rows.slice(0, limit), hasMore: rows.length > limit };
}

export type RenewalFailureRow = Awaited<ReturnType<typeof listRenewalFailures>>["items"][number];

export async function countRenewalFailures(db: Db, filters: FailureFilters): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(rf)
    .leftJoin(rn, renewalOn)
    .leftJoin(fu, eq(fu.failureId, rf.id))
    .where(where(filters));
  return row?.count ?? 0;
}

/**
 * Money at risk (retrying and exhausted) per currency, and what was recovered since `monthStart`: one pass over the
 * mode's failures. Sums are text: céntimos outgrow a double.
 */
export async function getFailureTotals(db: Db, { mode, monthStart }: { mode: Mode; monthStart: Date }) {
  const recoveredThisMonth = sql`(${recovered} and ${failureStateChangedAt} >= ${monthStart.toISOString()}::timestamptz)`;
  return db
    .select({
      currency: sql<string>`coalesce(${failureCurrency}, '')`,
      retrying: sql<number>`(count(*) filter (where ${stateIs("retrying")}))::int`,
      exhausted: sql<number>`(count(*) filter (where ${stateIs("exhausted")}))::int`,
      atRisk: sql<string>`coalesce(sum(${failureAmount}) filter (where ${atRisk}), 0)::text`,
      unpriced: sql<number>`(count(*) filter (where ${atRisk} and ${failureAmount} is null))::int`,
      recovered: sql<number>`(count(*) filter (where ${recoveredThisMonth}))::int`,
      recoveredAmount: sql<string>`coalesce(sum(${failureAmount}) filter (where ${recoveredThisMonth}), 0)::text`,
    })
    .from(rf)
    .leftJoin(rn, renewalOn)
    .leftJoin(paymentIntents, intentOn)
    .where(eq(rf.mode, mode))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
}

export type FailureTotalsRow = Awaited<ReturnType<typeof getFailureTotals>>[number];

/** The open failures' counts for the Overview, in the same words as the workspace. */
export async function getOpenFailureCounts(db: Db, { mode }: { mode: Mode }) {
  const retrying = stateIs("retrying");
  const [row] = await db
    .select({
      retrying: sql<number>`(count(*) filter (where ${retrying}))::int`,
      exhausted: sql<number>`(count(*) filter (where ${stateIs("exhausted")}))::int`,
      nextAttempt: sql<Date | null>`min(${rf.nextPaymentAttempt}) filter (where ${retrying})`.mapWith(rf.nextPaymentAttempt),
    })
    .from(rf)
    .leftJoin(rn, renewalOn)
    .where(and(eq(rf.mode, mode), isNull(rf.resolvedAt)));
  return { retrying: row?.retrying ?? 0, exhausted: row?.exhausted ?? 0, nextAttempt: row?.nextAttempt ?? null };
}

type Day = { day: string; start: Date; end: Date };

/**
 * Per day of the window: failing periods first heard of, and periods recovered. Days come with their bounds in the
 * operator's zone (as the Overview's chart's), so no row's time is converted.
 */
export async function getDailyFailures(db: Db, { mode, days }: { mode: Mode; days: Day[] }) {
  const bounds = JSON.stringify(days.map(({ day, start, end }) => ({ day, start: start.toISOString(), end: end.toISOString() })));
  const first = days[0]!.start.toISOString();
  const d = sql`d`;
  const [failed, recoveredRows] = await Promise.all([
    db
      .select({ day: sql<string>`${d}.day`, count: sql<number>`count(*)::int` })
      .from(sql`json_to_recordset(${bounds}::json) as ${d}(day text, start timestamptz, "end" timestamptz)`)
      .innerJoin(rf, and(eq(rf.mode, mode), sql`${rf.firstFailedAt} >= ${d}.start and ${rf.firstFailedAt} < ${d}."end"`))
      .groupBy(sql`1`),
    db
      .select({ day: sql<string>`${d}.day`, count: sql<number>`count(*)::int` })
      .from(
        db
          .select({ at: sql<Date>`${failureStateChangedAt}`.as("at") })
          .from(rf)
          .leftJoin(rn, renewalOn)
          .where(and(eq(rf.mode, mode), recovered, sql`${failureStateChangedAt} >= ${first}::timestamptz`))
          .as("r"),
      )
      .innerJoin(sql`json_to_recordset(${bounds}::json) as ${d}(day text, start timestamptz, "end" timestamptz)`, sql`r.at >= ${d}.start and r.at < ${d}."end"`)
      .groupBy(sql`1`),
  ]);
  const byDay = (rows: { day: string; count: number }[]) => new Map(rows.map((row) => [row.day, row.count]));
  const f = byDay(failed);
  const r = byDay(recoveredRows);
  return days.map(({ day }) => ({ day, failed: f.get(day) ?? 0, recovered: r.get(day) ?? 0 }));
}

export type DailyFailures = Awaited<ReturnType<typeof getDailyFailures>>;

/** One failure by id in a mode, with what a follow-up write needs. */
export async function getRenewalFailure(db: Db, { mode, id }: { mode: Mode; id: number }) {
  const [row] = await db
    .select({ id: rf.id, subscriptionId: rf.subscriptionId, periodStart: rf.invoicePeriodStart, assignedTo: fu.assignedTo, promisedBy: fu.promisedBy })
    .from(rf)
    .leftJoin(fu, eq(fu.failureId, rf.id))
    .where(and(eq(rf.mode, mode), eq(rf.id, id)));
  return row ?? null;
}
