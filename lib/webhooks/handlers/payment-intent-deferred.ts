import "server-only";
import { z } from "zod";
import { paymentIntentStatusSchema } from "@/lib/payments/schemas/billing";
import { amountSchema, currencySchema, idSchema, modeSchema, timestampSchema, usdCentsSchema } from "@/lib/payments/schemas/common";
import { intentProjection } from "../project-intent";
import { defineEvent, subject } from "../types";

export const paymentIntentDeferred = defineEvent({
  type: "payment-intent.deferred",
  data: z.looseObject({
    id: idSchema,
    mode: modeSchema,
    currency: currencySchema,
    status: paymentIntentStatusSchema,
    confirmationAttempts: z.int().nonnegative(),
    description: z.string().nullish(),
    createdAt: timestampSchema,
    amount: amountSchema,
    baseAmount: usdCentsSchema,
    paymentMethodId: idSchema,
    customerId: idSchema,
    accountId: idSchema,
  }),
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
  summary: { subject: "id", amount: "amount", currency: "currency", eventStatus: "status" },
});
