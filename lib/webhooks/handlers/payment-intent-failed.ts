import "server-only";
import { z } from "zod";
import { paymentIntentStatusSchema } from "@/lib/payments/schemas/billing";
import { currencySchema, embeddedCustomerSchema, idSchema, metadataSchema, timestampSchema } from "@/lib/payments/schemas/common";
import { eventErrorSchema } from "@/lib/payments/schemas/events";
import { intentProjection } from "../project-intent";
import { defineEvent, subject } from "../types";

export const paymentIntentFailed = defineEvent({
  type: "payment-intent.failed",
  data: z.looseObject({
    id: idSchema,
    accountId: idSchema,
    currency: currencySchema,
    status: paymentIntentStatusSchema,
    customer: embeddedCustomerSchema.nullish(),
    metadata: metadataSchema.nullish(),
    error: eventErrorSchema.extend({ paymentMethodType: z.string(), createdAt: timestampSchema }),
  }),
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
  summary: { subject: "id", currency: "currency", eventStatus: "status", counterparty: "customer.name", errorCode: "error.code", errorMessage: "error.message" },
});
