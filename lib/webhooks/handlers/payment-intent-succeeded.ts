import "server-only";
import { z } from "zod";
import { paymentIntentStatusSchema } from "@/lib/payments/schemas/billing";
import { amountSchema, currencySchema, embeddedCustomerSchema, idSchema, metadataSchema, timestampSchema } from "@/lib/payments/schemas/common";
import { intentProjection } from "../project-intent";
import { defineEvent, subject } from "../types";

export const paymentIntentSucceeded = defineEvent({
  type: "payment-intent.succeeded",
  data: z.looseObject({
    id: idSchema,
    accountId: idSchema,
    currency: currencySchema,
    amount: amountSchema,
    status: paymentIntentStatusSchema,
    confirmationAttempts: z.int().nonnegative(),
    description: z.string().nullish(),
    createdAt: timestampSchema,
    customer: embeddedCustomerSchema.nullish(),
    metadata: metadataSchema.nullish(),
  }),
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
  summary: { subject: "id", amount: "amount", currency: "currency", eventStatus: "status", counterparty: "customer.name" },
});
