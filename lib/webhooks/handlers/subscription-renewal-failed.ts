import "server-only";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { eventSubjects, renewalFailures, webhookEvents } from "@/db/schema";
import { subject, type WebhookHandler } from "../types";

/** A renewal has no id in the events: its subscription and period name it. */
export const renewalSubjectId = (subscriptionId: string, periodStart: string) => `${subscriptionId}@${new Date(periodStart).toISOString()}`;

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
  async project(tx, { id, mode, data }) {
    const row = {
      mode,
      subscriptionId: data.subscriptionId,
      invoicePeriodStart: new Date(data.invoicePeriodStart),
      invoicePeriodEnd: new Date(data.invoicePeriodEnd),
      attemptCount: data.attemptCount,
      invoiceStatus: data.invoiceStatus,
      subscriptionStatus: data.subscriptionStatus,
      nextPaymentAttempt: data.nextPaymentAttempt ? new Date(data.nextPaymentAttempt) : null,
      lastPaymentAttempt: new Date(data.lastPaymentAttempt),
      paymentIntentId: data.paymentIntentId || null,
      customerId: data.customer?.id ?? null,
      customerName: data.customer?.name ?? null,
      currency: data.currency,
      errorCode: data.error.code,
      errorMessage: data.error.message,
      lastEventId: id,
    };
    // A later attempt's facts win; an earlier attempt arriving late changes nothing.
    const newer = sql`excluded.attempt_count >= ${renewalFailures.attemptCount}`;
    const pick = (column: string) => sql`case when ${newer} then excluded.${sql.raw(column)} else ${renewalFailures}.${sql.raw(column)} end`;
    const [failure] = await tx
      .insert(renewalFailures)
      .values(row)
      .onConflictDoUpdate({
        target: [renewalFailures.mode, renewalFailures.subscriptionId, renewalFailures.invoicePeriodStart],
        set: Object.fromEntries(
          ["attempt_count", "invoice_status", "subscription_status", "next_payment_attempt", "last_payment_attempt", "payment_intent_id", "error_code", "error_message", "last_event_id"].map(
            (column) => [camel(column), pick(column)],
          ),
        ),
      })
      .returning({ id: renewalFailures.id, resolvedAt: renewalFailures.resolvedAt });
    if (!failure || failure.resolvedAt || data.invoiceStatus === "uncollectible") return;

    // The success may have arrived first (deliveries overtake each other): resolve against it now.
    const [success] = await tx
      .select({ id: webhookEvents.id, receivedAt: webhookEvents.receivedAt })
      .from(eventSubjects)
      .innerJoin(webhookEvents, eq(webhookEvents.id, eventSubjects.eventId))
      .where(
        and(
          eq(eventSubjects.mode, mode),
          eq(eventSubjects.subjectType, "subscription"),
          eq(eventSubjects.subjectId, data.subscriptionId),
          eq(webhookEvents.type, "subscription.renewal.succeeded"),
          eq(webhookEvents.status, "processed"),
          sql`(${webhookEvents.payload}->'data'->>'periodStart')::timestamptz >= ${data.invoicePeriodStart}::timestamptz`,
        ),
      )
      .orderBy(desc(webhookEvents.id))
      .limit(1);
    if (success) {
      await tx
        .update(renewalFailures)
        .set({ resolvedAt: success.receivedAt, resolvedByEventId: success.id })
        .where(and(eq(renewalFailures.id, failure.id), isNull(renewalFailures.resolvedAt)));
    }
  },
};

function camel(column: string): string {
  return column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}
