import "server-only";
import { intentProjection } from "../project-intent";
import { subject, type WebhookHandler } from "../types";

export const paymentIntentSucceeded: WebhookHandler<"payment-intent.succeeded"> = {
  type: "payment-intent.succeeded",
  // Succeeding happens once per intent.
  dedupeKey: (data) => `payment-intent.succeeded:${data.id}`,
  occurredAt: (data) => data.createdAt,
  subjects: (data) => [...subject("payment_intent", data.id), ...subject("customer", data.customer?.id)],
  projection: (data, { mode }) =>
    intentProjection({
      mode,
      id: data.id,
      status: "succeeded",
      at: data.createdAt,
      amount: data.amount,
      currency: data.currency,
      customerId: data.customer?.id,
      description: data.description,
      metadata: data.metadata,
    }),
};
