import "server-only";
import { intentProjection } from "../project-intent";
import { subject, type WebhookHandler } from "../types";

export const paymentIntentFailed: WebhookHandler<"payment-intent.failed"> = {
  type: "payment-intent.failed",
  // An intent can fail several times (one per attempt); the error's time tells the attempts apart.
  dedupeKey: (data) => `payment-intent.failed:${data.id}:${data.error.createdAt}`,
  occurredAt: (data) => data.error.createdAt,
  subjects: (data) => [...subject("payment_intent", data.id), ...subject("customer", data.customer?.id)],
  projection: (data, { mode }) =>
    intentProjection({
      mode,
      id: data.id,
      status: data.status,
      at: data.error.createdAt,
      currency: data.currency,
      customerId: data.customer?.id,
      metadata: data.metadata,
      lastError: { code: data.error.code, type: data.error.type, message: data.error.message, paymentMethodType: data.error.paymentMethodType },
      conflict: `payment-intent.failed at ${data.error.createdAt} arrived after the intent had reached a final state`,
    }),
};
