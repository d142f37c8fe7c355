import "server-only";
import { sql } from "drizzle-orm";
import { subject, type WebhookHandler } from "../types";
import { renewalLockKey, renewalSubjectId } from "./subscription-renewal-failed";

export const subscriptionRenewalSucceeded: WebhookHandler<"subscription.renewal.succeeded"> = {
  type: "subscription.renewal.succeeded",
  dedupeKey: (data) => `subscription.renewal.succeeded:${data.subscriptionId}:${data.periodStart}`,
  // The payload has no time of its own; the receive time stands in.
  occurredAt: () => null,
  subjects: (data) => [
    ...subject("subscription", data.subscriptionId),
    ...subject("renewal", renewalSubjectId(data.subscriptionId, data.periodStart)),
    ...subject("payment_intent", data.paymentIntentId),
    ...subject("customer", data.customerId),
  ],
  lockKey: (data) => renewalLockKey(data.subscriptionId),
  // A success recovers the failures of its period and earlier ones still retrying; an uncollectible renewal was given
  // up and stays unrecovered.
  projection: (data, { mode, receivedAt }) => sql`update renewal_failures set resolved_at = ${receivedAt.toISOString()}::timestamptz, resolved_by_event_id = ev.id
    from ev
    where ev.inserted and renewal_failures.mode = ${mode}::mode and renewal_failures.subscription_id = ${data.subscriptionId}
      and renewal_failures.resolved_at is null and renewal_failures.invoice_status <> 'uncollectible'
      and renewal_failures.invoice_period_start <= ${data.periodStart}::timestamptz`,
};
