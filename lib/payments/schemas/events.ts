import { z } from "zod";
import { paymentIntentStatusSchema, renewalStatusSchema, subscriptionStatusSchema } from "./billing";
import {
  amountSchema,
  currencySchema,
  embeddedCustomerSchema,
  idSchema,
  metadataSchema,
  modeSchema,
  timestampSchema,
  usdCentsSchema,
} from "./common";

// Payloads as the spec lists them. Identity, money and status fields are required because deduplication and the
// projections depend on them; free text, metadata and the embedded customer are nullish, since an intent need not
// have them and refusing a whole event over an absent description would hide a payment.

const eventErrorSchema = z.looseObject({ message: z.string(), code: z.string(), type: z.string() });

export const paymentIntentSucceededDataSchema = z.looseObject({
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
});

export const paymentIntentDeferredDataSchema = z.looseObject({
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
});

export const paymentIntentFailedDataSchema = z.looseObject({
  id: idSchema,
  accountId: idSchema,
  currency: currencySchema,
  status: paymentIntentStatusSchema,
  customer: embeddedCustomerSchema.nullish(),
  metadata: metadataSchema.nullish(),
  error: eventErrorSchema.extend({ paymentMethodType: z.string(), createdAt: timestampSchema }),
});

export const renewalSucceededDataSchema = z.looseObject({
  mode: modeSchema,
  status: renewalStatusSchema,
  currency: currencySchema,
  description: z.string().nullish(),
  total: amountSchema,
  periodStart: timestampSchema,
  periodEnd: timestampSchema,
  subscriptionId: idSchema,
  paymentIntentId: idSchema,
  customerId: idSchema,
});

export const renewalFailedDataSchema = z.looseObject({
  accountId: idSchema,
  subscriptionId: idSchema,
  // "May be empty": no intent was created for the attempt.
  paymentIntentId: z.string().nullish(),
  currency: currencySchema,
  invoiceStatus: renewalStatusSchema,
  subscriptionStatus: subscriptionStatusSchema,
  attemptCount: z.int().nonnegative(),
  invoicePeriodStart: timestampSchema,
  invoicePeriodEnd: timestampSchema,
  periodStart: timestampSchema,
  periodEnd: timestampSchema,
  // Null once the service has given up retrying.
  // After the last attempt there is no next one; an empty string is read as that too, rather than failing the event.
  nextPaymentAttempt: z.union([timestampSchema, z.literal("").transform(() => null)]).nullable(),
  lastPaymentAttempt: timestampSchema,
  customer: embeddedCustomerSchema.nullish(),
  error: eventErrorSchema,
});

export const checkoutSessionSucceededDataSchema = z.looseObject({
  mode: modeSchema,
  paymentStatus: z.enum(["unpaid", "paid"]),
  currency: currencySchema,
  url: z.string().min(1),
  amountTotal: amountSchema,
  createdAt: timestampSchema,
  metadata: metadataSchema.nullish(),
  customer: embeddedCustomerSchema.nullish(),
  lineItems: z.array(
    z.looseObject({
      name: z.string(),
      description: z.string().nullish(),
      currency: currencySchema,
      amount: amountSchema,
    }),
  ),
});

export const mobileTransferReceivedDataSchema = z.looseObject({
  amount: amountSchema,
  currency: currencySchema,
  description: z.string().nullish(),
  SINPERefNumber: z.string().min(1),
  originId: z.string(),
  originName: z.string(),
  originPhone: z.string(),
  authorizationDate: timestampSchema,
});

const event = <T extends string, D extends z.ZodType>(type: T, data: D) => z.looseObject({ type: z.literal(type), data });

export const paymentEventSchema = z.discriminatedUnion("type", [
  event("payment-intent.succeeded", paymentIntentSucceededDataSchema),
  event("payment-intent.deferred", paymentIntentDeferredDataSchema),
  event("payment-intent.failed", paymentIntentFailedDataSchema),
  event("subscription.renewal.succeeded", renewalSucceededDataSchema),
  event("subscription.renewal.failed", renewalFailedDataSchema),
  event("checkout-session.succeeded", checkoutSessionSucceededDataSchema),
  event("mobile-transfer.received", mobileTransferReceivedDataSchema),
]);

export type PaymentEvent = z.infer<typeof paymentEventSchema>;
export type PaymentEventType = PaymentEvent["type"];
export type PaymentEventOf<T extends PaymentEventType> = Extract<PaymentEvent, { type: T }>;

export const PAYMENT_EVENT_TYPES = paymentEventSchema.options.map(
  (option) => option.shape.type.value,
) as readonly PaymentEventType[];

export function isPaymentEventType(value: unknown): value is PaymentEventType {
  return typeof value === "string" && (PAYMENT_EVENT_TYPES as readonly string[]).includes(value);
}

/**
 * Any event's outer shape, for the receiver to classify a delivery (and store it) before the payload is checked
 * against its type's schema.
 */
export const eventEnvelopeSchema = z.looseObject({
  type: z.string().min(1),
  data: z.record(z.string(), z.unknown()),
});
