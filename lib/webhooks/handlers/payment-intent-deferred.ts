import "server-only";
import { intentProjection } from "../project-intent";
import { subject, type WebhookHandler } from "../types";

export const paymentIntentDeferred: WebhookHandler<"payment-intent.deferred"> = {
  type: "payment-intent.deferred",
  // Each confirmation attempt can defer once.
  dedupeKey: (data) => `payment-intent.deferred:${data.id}:${data.confirmationAttempts}`,
  // The payload's only time is the intent's creation, so a late deferred sorts (and ranks) before what followed it.
  occurredAt: (data) => data.createdAt,
  subjects: (data) => [...subject("payment_intent", data.id), ...subject("customer", data.customerId)],
  projection: (data, { mode }) =>
    intentProjection({
      mode,
      id: data.id,
      status: "processing",
      at: data.createdAt,
      amount: data.amount,
      currency: data.currency,
      customerId: data.customerId,
      description: data.description,
      createdAt: data.createdAt,
    }),
};
