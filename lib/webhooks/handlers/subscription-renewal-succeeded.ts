import "server-only";
import { and, eq, isNull, lte, ne } from "drizzle-orm";
import { renewalFailures } from "@/db/schema";
import { subject, type WebhookHandler } from "../types";
import { renewalSubjectId } from "./subscription-renewal-failed";

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
  async project(tx, { id, mode, data, receivedAt }) {
    // A success recovers the failures of its period and earlier ones still retrying; an uncollectible renewal was
    // given up and stays unrecovered.
    await tx
      .update(renewalFailures)
      .set({ resolvedAt: receivedAt, resolvedByEventId: id })
      .where(
        and(
          eq(renewalFailures.mode, mode),
          eq(renewalFailures.subscriptionId, data.subscriptionId),
          isNull(renewalFailures.resolvedAt),
          lte(renewalFailures.invoicePeriodStart, new Date(data.periodStart)),
          ne(renewalFailures.invoiceStatus, "uncollectible"),
        ),
      );
  },
};
