import "server-only";
import { alias } from "drizzle-orm/pg-core";
import { and, eq, gte, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { Mode } from "@/lib/env-schema";
import type { FailureSort, FailureState } from "@/lib/renewals/states";
import type { Db } from "../index";
import { FAILURE_AMOUNT_ORDER_QUALIFIED_SQL, FAILURE_STATE_RANK_QUALIFIED_SQL } from "./renewal-failure-state";
import { customers, operators, paymentIntents as pi, renewalFailures as rf, renewalFollowUps as fu, webhookEvents } from "../schema";

// The failed-renewals workspace's reads. A failure's state is defined once (renewal-failure-state.ts) and stored on
// the row with the synced renewal's status and total, so the list, its totals, its chart, its export and the
// Overview's counts read the same columns and cannot disagree.


// Closed by hand and recovered failures are settled: never at risk, never in the Overview's open counts.
const AT_RISK: FailureState[] = ["retrying", "exhausted"];
// Who closed a failure by hand (the assignee is the other operator on the row).
const closer = alias(operators, "closer");
export const failureCurrency = sql<string | null>`upper(${rf.currency})`;

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
    filters.state ? eq(rf.state, filters.state) : undefined,
    // As sent (the service's codes are upper case; a lower-case one is the same currency): the state index's second key.
    filters.currency ? inArray(rf.currency, [filters.currency.toUpperCase(), filters.currency.toLowerCase()]) : undefined,
    filters.errorCode ? eq(rf.errorCode, filters.errorCode) : undefined,
    filters.assignedTo === "none" ? isNull(fu.assignedTo) : filters.assignedTo ? eq(fu.assignedTo, filters.assignedTo) : undefined,
    filters.from ? gte(rf.lastPaymentAttempt, filters.from) : undefined,
    filters.before ? lt(rf.lastPaymentAttempt, filters.before) : undefined,
  );
}

const customerField = (field: "email" | "phone" | "name") => sql<string | null>`${webhookEvents.payload}->'data'->'customer'->>${field}`;
// The attempt's intent as the sync copied it from the API (the failure event carries neither field).
const declineField = (field: "reason" | "declineCode") => sql<string | null>`nullif(${pi.lastError}->>${field}, '')`;

/**
 * One page of failures: retrying ones first, soonest retry first, then exhausted, then recovered; or by amount — open
 * ones first, grouped by currency in the app's order (colones, dollars, the rest by code: amounts in two currencies
 * cannot be compared without a rate), largest first within each — recovered ones last. Both end on the id, so the
 * order is total and pages neither skip nor repeat a row. Paged by offset: the order is by values that change (a retry
 * moves a row), so a key cursor would not be steadier.
 */
export async function listRenewalFailures(db: Db, filters: FailureFilters, { sort = "nextAttempt", limit, offset = 0 }: { sort?: FailureSort; limit: number; offset?: number }) {
  // The order of the expression indexes renewal_failures_next_attempt_idx and renewal_failures_amount_idx.
  const order =
    sort === "amount"
      ? FAILURE_AMOUNT_ORDER_QUALIFIED_SQL
      : [FAILURE_STATE_RANK_QUALIFIED_SQL, sql`${rf.nextPaymentAttempt} asc nulls last`, sql`${rf.lastPaymentAttempt} desc nulls last`, sql`${rf.id} desc nulls last`];
  const rows = await db
    .select({
      id: rf.id,
      subscriptionId: rf.subscriptionId,
      periodStart: rf.invoicePeriodStart,
      periodEnd: rf.invoicePeriodEnd,
      renewalId: rf.renewalId,
      customerId: rf.customerId,
      customerName: sql<string | null>`coalesce(${customers.name}, ${rf.customerName}, ${customerField("name")})`,
      customerEmail: sql<string | null>`coalesce(${customers.email}, ${customerField("email")})`,
      customerPhone: sql<string | null>`coalesce(${customers.phone}, ${customerField("phone")})`,
      amount: rf.amount,
      currency: failureCurrency,
      attempts: rf.attemptCount,
      lastAttemptAt: rf.lastPaymentAttempt,
      nextAttemptAt: rf.nextPaymentAttempt,
      errorCode: rf.errorCode,
      errorMessage: rf.errorMessage,
      paymentIntentId: rf.paymentIntentId,
      declineReason: declineField("reason"),
      declineCode: declineField("declineCode"),
      paymentMethodId: pi.paymentMethodId,
      state: sql<FailureState>`${rf.state}`,
      stateChangedAt: rf.stateChangedAt,
      assignedTo: fu.assignedTo,
      assignedName: operators.name,
      lastContactKind: fu.lastContactKind,
      lastContactNote: fu.lastContactNote,
      lastContactAt: fu.lastContactAt,
      promisedBy: fu.promisedBy,
      closedAt: rf.closedAt,
      closedByName: closer.name,
      closeReason: rf.closeReason,
      closeNote: rf.closeNote,
    })
    .from(rf)
    .leftJoin(fu, eq(fu.failureId, rf.id))
    .leftJoin(operators, eq(operators.id, fu.assignedTo))
    .leftJoin(closer, eq(closer.id, rf.closedBy))
    .leftJoin(customers, and(eq(customers.mode, rf.mode), eq(customers.id, rf.customerId)))
    .leftJoin(pi, and(eq(pi.mode, rf.mode), eq(pi.id, rf.paymentIntentId)))
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
    .leftJoin(fu, eq(fu.failureId, rf.id))
    .where(where(filters));
  return row?.count ?? 0;
}

/**
 * Money at risk (retrying and exhausted) per currency, and what was recovered since `monthStart`: two index reads.
 * Sums are text: céntimos outgrow a double.
 */
export async function getFailureTotals(db: Db, { mode, monthStart }: { mode: Mode; monthStart: Date }) {
  const [open, recovered] = await Promise.all([
    db
      .select({
        currency: sql<string>`coalesce(${failureCurrency}, '')`,
        retrying: sql<number>`(count(*) filter (where ${rf.state} = 'retrying'))::int`,
        exhausted: sql<number>`(count(*) filter (where ${rf.state} = 'exhausted'))::int`,
        atRisk: sql<string>`coalesce(sum(${rf.amount}), 0)::text`,
        unpriced: sql<number>`(count(*) filter (where ${rf.amount} is null))::int`,
      })
      .from(rf)
      .where(and(eq(rf.mode, mode), inArray(rf.state, AT_RISK)))
      .groupBy(sql`1`),
    db
      .select({
        currency: sql<string>`coalesce(${failureCurrency}, '')`,
        recovered: sql<number>`count(*)::int`,
        recoveredAmount: sql<string>`coalesce(sum(${rf.amount}), 0)::text`,
        recoveredUnpriced: sql<number>`(count(*) filter (where ${rf.amount} is null))::int`,
      })
      .from(rf)
      .where(and(eq(rf.mode, mode), eq(rf.state, "recovered"), gte(rf.stateChangedAt, monthStart)))
      .groupBy(sql`1`),
  ]);
  const currencies = [...new Set([...open, ...recovered].map((row) => row.currency))].sort();
  return currencies.map((currency) => {
    const o = open.find((row) => row.currency === currency);
    const r = recovered.find((row) => row.currency === currency);
    return {
      currency,
      retrying: o?.retrying ?? 0,
      exhausted: o?.exhausted ?? 0,
      atRisk: o?.atRisk ?? "0",
      unpriced: o?.unpriced ?? 0,
      recovered: r?.recovered ?? 0,
      recoveredAmount: r?.recoveredAmount ?? "0",
      recoveredUnpriced: r?.recoveredUnpriced ?? 0,
    };
  });
}

export type FailureTotalsRow = Awaited<ReturnType<typeof getFailureTotals>>[number];

/** The open failures' counts for the Overview, in the same words as the workspace. */
export async function getOpenFailureCounts(db: Db, { mode }: { mode: Mode }) {
  const [row] = await db
    .select({
      retrying: sql<number>`(count(*) filter (where ${rf.state} = 'retrying'))::int`,
      exhausted: sql<number>`(count(*) filter (where ${rf.state} = 'exhausted'))::int`,
      nextAttempt: sql<Date | null>`min(${rf.nextPaymentAttempt}) filter (where ${rf.state} = 'retrying')`.mapWith(rf.nextPaymentAttempt),
    })
    .from(rf)
    .where(and(eq(rf.mode, mode), inArray(rf.state, AT_RISK)));
  return { retrying: row?.retrying ?? 0, exhausted: row?.exhausted ?? 0, nextAttempt: row?.nextAttempt ?? null };
}

type Day = { day: string; start: Date; end: Date };

/**
 * Per day of the window: failing periods first heard of, and periods recovered. Days come with their bounds in the
 * operator's zone (as the Overview's chart's), so each is one index range and no row's time is converted.
 */
export async function getDailyFailures(db: Db, { mode, days }: { mode: Mode; days: Day[] }) {
  const bounds = JSON.stringify(days.map(({ day, start, end }) => ({ day, start: start.toISOString(), end: end.toISOString() })));
  const d = sql`d`;
  const perDay = (on: SQL) =>
    db
      .select({ day: sql<string>`${d}.day`, count: sql<number>`count(*)::int` })
      .from(sql`json_to_recordset(${bounds}::json) as ${d}(day text, start timestamptz, "end" timestamptz)`)
      .innerJoin(rf, and(eq(rf.mode, mode), on))
      .groupBy(sql`1`);
  const [failed, recovered] = await Promise.all([
    perDay(sql`${rf.firstFailedAt} >= ${d}.start and ${rf.firstFailedAt} < ${d}."end"`),
    perDay(sql`${rf.state} = 'recovered' and ${rf.stateChangedAt} >= ${d}.start and ${rf.stateChangedAt} < ${d}."end"`),
  ]);
  const byDay = (rows: { day: string; count: number }[]) => new Map(rows.map((row) => [row.day, row.count]));
  const f = byDay(failed);
  const r = byDay(recovered);
  return days.map(({ day }) => ({ day, failed: f.get(day) ?? 0, recovered: r.get(day) ?? 0 }));
}

export type DailyFailures = Awaited<ReturnType<typeof getDailyFailures>>;

/** One failure by id in a mode, with what a follow-up write needs. */
export async function getRenewalFailure(db: Db, { mode, id }: { mode: Mode; id: number }) {
  const [row] = await db
    .select({
      id: rf.id,
      subscriptionId: rf.subscriptionId,
      periodStart: rf.invoicePeriodStart,
      assignedTo: fu.assignedTo,
      promisedBy: fu.promisedBy,
      state: sql<FailureState>`${rf.state}`,
      closeReason: rf.closeReason,
      closeNote: rf.closeNote,
    })
    .from(rf)
    .leftJoin(fu, eq(fu.failureId, rf.id))
    .where(and(eq(rf.mode, mode), eq(rf.id, id)));
  return row ?? null;
}
