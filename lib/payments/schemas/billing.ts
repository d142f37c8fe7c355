import { z } from "zod";
import {
  amountSchema,
  currencySchema,
  embeddedCustomerSchema,
  idSchema,
  metadataSchema,
  modeSchema,
  openEnum,
  timestampSchema,
  usdCentsSchema,
} from "./common";
import { PAYMENT_INTENT_STATUSES, RENEWAL_STATUSES, SUBSCRIPTION_STATUSES } from "../values";

// The spec shows none of these records' fields. What is typed here is what DESIGN.md and the event payloads imply;
// everything else the service sends is kept (looseObject) for pages that need it later.

export { PAYMENT_INTENT_STATUSES, RENEWAL_STATUSES, SUBSCRIPTION_STATUSES };

// Open: the spec says the complete value set is not shown.
export const paymentIntentStatusSchema = openEnum(PAYMENT_INTENT_STATUSES);

/**
 * An intent's `lastPaymentError`: not in the spec's record (its fields are "not shown"); the real service and the
 * sandbox send it. The decline's stable reason and the gateway's code beside the failure event's fields. Read apart
 * from paymentIntentSchema, so that a wrong shape loses this field, never the record.
 */
export const lastPaymentErrorSchema = z.object({
  code: z.string().nullish(),
  type: z.string().nullish(),
  message: z.string().nullish(),
  reason: z.string().nullish(),
  declineCode: z.string().nullish(),
});

export const paymentIntentSchema = z.looseObject({
  id: idSchema,
  mode: modeSchema.optional(),
  status: paymentIntentStatusSchema,
  amount: amountSchema,
  currency: currencySchema,
  baseAmount: usdCentsSchema.nullish(),
  description: z.string().nullish(),
  customerId: idSchema.nullish(),
  customer: embeddedCustomerSchema.nullish(),
  paymentMethodId: idSchema.nullish(),
  accountId: idSchema.nullish(),
  confirmationAttempts: z.int().nonnegative().nullish(),
  metadata: metadataSchema.nullish(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema.nullish(),
});

export const subscriptionStatusSchema = openEnum(SUBSCRIPTION_STATUSES);

export const subscriptionSchema = z.looseObject({
  id: idSchema,
  mode: modeSchema.optional(),
  status: subscriptionStatusSchema,
  customerId: idSchema.nullish(),
  currency: currencySchema.nullish(),
  description: z.string().nullish(),
  metadata: metadataSchema.nullish(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema.nullish(),
});

// Closed: the spec and DESIGN.md agree on these five.
export const renewalStatusSchema = z.enum(RENEWAL_STATUSES);

/** A renewal is the service's invoice: one per billing period of a subscription, tied to one payment intent. */
export const renewalSchema = z.looseObject({
  id: idSchema,
  mode: modeSchema.optional(),
  status: renewalStatusSchema,
  currency: currencySchema,
  total: amountSchema,
  description: z.string().nullish(),
  periodStart: timestampSchema,
  periodEnd: timestampSchema,
  subscriptionId: idSchema,
  // May be empty or absent before the first charge attempt.
  paymentIntentId: z.string().nullish(),
  customerId: idSchema.nullish(),
  attemptCount: z.int().nonnegative().nullish(),
  nextPaymentAttempt: timestampSchema.nullish(),
  createdAt: timestampSchema,
});

export const productSchema = z.looseObject({
  id: idSchema,
  mode: modeSchema.optional(),
  name: z.string(),
  description: z.string().nullish(),
  isActive: z.boolean().nullish(),
  // Pictures as the service gives them (URLs); this app shows them and never uploads any.
  images: z.array(z.string()).nullish(),
  shippable: z.boolean().nullish(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema.nullish(),
});

export const PRICE_INTERVALS = ["day", "week", "month", "year"] as const;

export const priceSchema = z.looseObject({
  id: idSchema,
  mode: modeSchema.optional(),
  productId: idSchema.nullish(),
  unitAmount: amountSchema.nullish(),
  currency: currencySchema,
  nickname: z.string().nullish(),
  type: openEnum(["one_time", "recurring"]).nullish(),
  recurring: z
    .looseObject({ interval: openEnum(PRICE_INTERVALS), intervalCount: z.int().positive().nullish() })
    .nullish(),
  isActive: z.boolean().nullish(),
  createdAt: timestampSchema,
});

/**
 * A shipping rate. The spec shows none of its fields (only that its list has the list envelope): what is typed is
 * what a rate needs to be shown at all, a name and what it costs; anything else the service sends is kept.
 */
export const shippingRateSchema = z.looseObject({
  id: idSchema,
  mode: modeSchema.optional(),
  displayName: z.string().nullish(),
  description: z.string().nullish(),
  amount: amountSchema.nullish(),
  currency: currencySchema.nullish(),
  isActive: z.boolean().nullish(),
  deliveryEstimate: z
    .looseObject({ minimumDays: z.int().nonnegative().nullish(), maximumDays: z.int().nonnegative().nullish() })
    .nullish(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema.nullish(),
});

export const refundSchema = z.looseObject({
  id: idSchema,
  paymentIntentId: idSchema,
  amount: amountSchema,
  currency: currencySchema.nullish(),
  // No value of a refund's status is documented anywhere; a plain string rather than invented values.
  status: z.string().nullish(),
  reason: z.string().nullish(),
  description: z.string().nullish(),
  createdAt: timestampSchema,
});

export type PaymentIntent = z.infer<typeof paymentIntentSchema>;
export type PaymentIntentStatus = PaymentIntent["status"];
export type Subscription = z.infer<typeof subscriptionSchema>;
export type SubscriptionStatus = Subscription["status"];
export type Renewal = z.infer<typeof renewalSchema>;
export type RenewalStatus = (typeof RENEWAL_STATUSES)[number];
export type Product = z.infer<typeof productSchema>;
export type Price = z.infer<typeof priceSchema>;
export type Refund = z.infer<typeof refundSchema>;
export type ShippingRate = z.infer<typeof shippingRateSchema>;
