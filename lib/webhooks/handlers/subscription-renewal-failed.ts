import "server-only";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { ev } from "@/db/queries/webhook-ingest";
import { eventSubjects as es, modeEnum, renewalFailures as rf, webhookEvents as we } from "@/db/schema";
import { column, enumType, excluded, frozen, name, names, table } from "@/db/sql-names";
import { renewalStatusSchema, subscriptionStatusSchema } from "@/lib/payments/schemas/billing";
import { currencySchema, embeddedCustomerSchema, idSchema, timestampSchema } from "@/lib/payments/schemas/common";
import { eventErrorSchema } from "@/lib/payments/schemas/events";
import { defineEvent, subject } from "../types";

/** A renewal has no id in the events: its subscription and period name it. */
export const renewalSubjectId = (subscriptionId: string, periodStart: string) => `${subscriptionId}@${new Date(periodStart).toISOString()}`;

/** Failures and recoveries of one subscription read each other's rows: they take turns on this key. */
export const renewalLockKey = (subscriptionId: string) => `renewal:${subscriptionId}`;

// A later attempt's facts win; an earlier attempt arriving late changes nothing.
const LATEST = [rf.attemptCount, rf.invoiceStatus, rf.subscriptionStatus, rf.nextPaymentAttempt, rf.lastPaymentAttempt, rf.paymentIntentId, rf.errorCode, rf.errorMessage, rf.lastEventId];
const latestWins = sql.join(
  LATEST.map((latest) => sql`${name(latest)} = case when ${excluded(rf.attemptCount)} >= ${column(rf.attemptCount)} then ${excluded(latest)} else ${column(latest)} end`),
  sql`, `,
);

// The statement's fixed parts, rendered once: only the event's facts change from one delivery to the next.
const INSERT = frozen(sql`insert into ${table(rf)}
      (${names(rf.mode, rf.subscriptionId, rf.invoicePeriodStart, rf.invoicePeriodEnd, rf.attemptCount, rf.invoiceStatus, rf.subscriptionStatus,
        rf.nextPaymentAttempt, rf.lastPaymentAttempt, rf.paymentIntentId, rf.customerId, rf.customerName, rf.currency, rf.errorCode,
        rf.errorMessage, rf.lastEventId, rf.resolvedAt, rf.resolvedByEventId, rf.amount)})`);
// The latest processed success of the subscription (by its period), read through the timeline index.
const RECOVERY = frozen(sql`select ${column(we.id)} as id, ${column(we.receivedAt)} as received_at from ${table(es)} join ${table(we)} on ${column(we.id)} = ${column(es.eventId)}
      where ${column(we.type)} = 'subscription.renewal.succeeded' and ${column(we.status)} = 'processed' and ${column(es.subjectType)} = 'subscription'`);
const RECOVERY_ORDER = frozen(sql`order by ${column(we.id)} desc limit 1`);
// The failure event carries no amount; the success of the same renewal (its subject, the same subscription and period)
// does, as its `total`, when it arrived first. In the same currency only.
const PAID_TOTAL = frozen(sql`select (${column(we.payload)}->'data'->>'total')::bigint as total from ${table(es)} join ${table(we)} on ${column(we.id)} = ${column(es.eventId)}
      where ${column(we.type)} = 'subscription.renewal.succeeded' and ${column(we.status)} = 'processed' and ${column(es.subjectType)} = 'renewal'`);
const PAID_CURRENCY = frozen(sql`upper(${column(we.payload)}->'data'->>'currency')`);
const UPDATE = frozen(sql`on conflict (${names(rf.mode, rf.subscriptionId, rf.invoicePeriodStart)}) do update set
      ${latestWins},
      ${name(rf.resolvedAt)} = coalesce(${column(rf.resolvedAt)}, ${excluded(rf.resolvedAt)}),
      ${name(rf.resolvedByEventId)} = coalesce(${column(rf.resolvedByEventId)}, ${excluded(rf.resolvedByEventId)}),
      ${name(rf.amount)} = coalesce(${column(rf.amount)}, ${excluded(rf.amount)}),
      ${name(rf.currency)} = coalesce(${column(rf.currency)}, ${excluded(rf.currency)})`);
const [ES_MODE, ES_SUBJECT_ID, WE_PERIOD_START] = [column(es.mode), column(es.subjectId), frozen(sql`(${column(we.payload)}->'data'->>'periodStart')::timestamptz`)];

export const subscriptionRenewalFailed = defineEvent({
  type: "subscription.renewal.failed",
  data: z.looseObject({
    accountId: idSchema,
    subscriptionId: idSchema,
    // "May be empty": no intent was created for the attempt.
    paymentIntentId: z.string().nullish(),
    currency: currencySchema,
    invoiceStatus: renewalStatusSchema,
    subscriptionStatus: subscriptionStatusSchema,
    attemptCount: z.int().nonnegative(),
    invoicePeriodStart: timestampSchema,
    invoicePeriodEnd: timestampSchema,
    periodStart: timestampSchema,
    periodEnd: timestampSchema,
    // Null once the service has given up retrying.
    // After the last attempt there is no next one; an empty string is read as that too, rather than failing the event.
    nextPaymentAttempt: z.union([timestampSchema, z.literal("").transform(() => null)]).nullable(),
    lastPaymentAttempt: timestampSchema,
    customer: embeddedCustomerSchema.nullish(),
    error: eventErrorSchema,
  }),
  dedupeKey: (data) => `subscription.renewal.failed:${data.subscriptionId}:${data.invoicePeriodStart}:${data.attemptCount}`,
  occurredAt: (data) => data.lastPaymentAttempt,
  subjects: (data) => [
    ...subject("subscription", data.subscriptionId),
    ...subject("renewal", renewalSubjectId(data.subscriptionId, data.invoicePeriodStart)),
    ...subject("payment_intent", data.paymentIntentId),
    ...subject("customer", data.customer?.id),
  ],
  lockKey: (data) => renewalLockKey(data.subscriptionId),
  // The recovery may have arrived first (deliveries overtake each other): the failure is then born resolved, with the
  // amount that recovery gave. A known amount (the synced renewal's, or an earlier event's) is never replaced by none.
  projection: (data, { mode }) => {
    const m = sql`${mode}::${enumType(modeEnum)}`;
    return sql`${INSERT}
    select ${m}, ${data.subscriptionId}, ${data.invoicePeriodStart}::timestamptz, ${data.invoicePeriodEnd}::timestamptz,
      ${data.attemptCount}::int, ${data.invoiceStatus}, ${data.subscriptionStatus}, ${data.nextPaymentAttempt ?? null}::timestamptz,
      ${data.lastPaymentAttempt}::timestamptz, ${data.paymentIntentId || null}, ${data.customer?.id ?? null},
      ${data.customer?.name ?? null}, ${data.currency}, ${data.error.code}, ${data.error.message}, ${ev.id},
      recovery.received_at, recovery.id, paid.total
    from ${ev.cte}
    left join lateral (
      ${RECOVERY} and ${ES_MODE} = ${m} and ${ES_SUBJECT_ID} = ${data.subscriptionId}
        and ${WE_PERIOD_START} >= ${data.invoicePeriodStart}::timestamptz and ${data.invoiceStatus} <> 'uncollectible'
      ${RECOVERY_ORDER}
    ) recovery on true
    left join lateral (
      ${PAID_TOTAL} and ${ES_MODE} = ${m} and ${ES_SUBJECT_ID} = ${renewalSubjectId(data.subscriptionId, data.invoicePeriodStart)}
        and ${PAID_CURRENCY} = upper(${data.currency})
      ${RECOVERY_ORDER}
    ) paid on true
    where ${ev.inserted}
    ${UPDATE}`;
  },
  summary: {
    subject: "subscriptionId",
    currency: "currency",
    eventStatus: "invoiceStatus",
    counterparty: "customer.name",
    errorCode: "error.code",
    errorMessage: "error.message",
    attemptCount: "attemptCount",
    nextAttempt: "nextPaymentAttempt",
  },
});
