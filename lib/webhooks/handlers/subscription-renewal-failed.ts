import "server-only";
import { sql } from "drizzle-orm";
import { subject, type WebhookHandler } from "../types";

/** A renewal has no id in the events: its subscription and period name it. */
export const renewalSubjectId = (subscriptionId: string, periodStart: string) => `${subscriptionId}@${new Date(periodStart).toISOString()}`;

/** Failures and recoveries of one subscription read each other's rows: they take turns on this key. */
export const renewalLockKey = (subscriptionId: string) => `renewal:${subscriptionId}`;

// A later attempt's facts win; an earlier attempt arriving late changes nothing.
const LATEST = ["attempt_count", "invoice_status", "subscription_status", "next_payment_attempt", "last_payment_attempt", "payment_intent_id", "error_code", "error_message", "last_event_id"];

export const subscriptionRenewalFailed: WebhookHandler<"subscription.renewal.failed"> = {
  type: "subscription.renewal.failed",
  dedupeKey: (data) => `subscription.renewal.failed:${data.subscriptionId}:${data.invoicePeriodStart}:${data.attemptCount}`,
  occurredAt: (data) => data.lastPaymentAttempt,
  subjects: (data) => [
    ...subject("subscription", data.subscriptionId),
    ...subject("renewal", renewalSubjectId(data.subscriptionId, data.invoicePeriodStart)),
    ...subject("payment_intent", data.paymentIntentId),
    ...subject("customer", data.customer?.id),
  ],
  lockKey: (data) => renewalLockKey(data.subscriptionId),
  // The recovery may have arrived first (deliveries overtake each other): the failure is then born resolved.
  projection: (data, { mode }) => sql`insert into renewal_failures as rf
      (mode, subscription_id, invoice_period_start, invoice_period_end, attempt_count, invoice_status, subscription_status,
       next_payment_attempt, last_payment_attempt, payment_intent_id, customer_id, customer_name, currency, error_code,
       error_message, last_event_id, resolved_at, resolved_by_event_id)
    select ${mode}::mode, ${data.subscriptionId}, ${data.invoicePeriodStart}::timestamptz, ${data.invoicePeriodEnd}::timestamptz,
      ${data.attemptCount}::int, ${data.invoiceStatus}, ${data.subscriptionStatus}, ${data.nextPaymentAttempt ?? null}::timestamptz,
      ${data.lastPaymentAttempt}::timestamptz, ${data.paymentIntentId || null}, ${data.customer?.id ?? null},
      ${data.customer?.name ?? null}, ${data.currency}, ${data.error.code}, ${data.error.message}, ev.id,
      recovery.received_at, recovery.id
    from ev
    left join lateral (
      select e.id, e.received_at from event_subjects s join webhook_events e on e.id = s.event_id
      where s.mode = ${mode}::mode and s.subject_type = 'subscription' and s.subject_id = ${data.subscriptionId}
        and e.type = 'subscription.renewal.succeeded' and e.status = 'processed'
        and (e.payload->'data'->>'periodStart')::timestamptz >= ${data.invoicePeriodStart}::timestamptz
        and ${data.invoiceStatus} <> 'uncollectible'
      order by e.id desc limit 1
    ) recovery on true
    where ev.inserted
    on conflict (mode, subscription_id, invoice_period_start) do update set
      ${sql.join(
        LATEST.map((column) => sql.raw(`${column} = case when excluded.attempt_count >= rf.attempt_count then excluded.${column} else rf.${column} end`)),
        sql`, `,
      )},
      resolved_at = coalesce(rf.resolved_at, excluded.resolved_at),
      resolved_by_event_id = coalesce(rf.resolved_by_event_id, excluded.resolved_by_event_id)`,
};
