import { z } from "zod";
import { PAYMENT_INTENT_STATUSES, RENEWAL_STATUSES, SUBSCRIPTION_STATUSES } from "./billing";
import { REFUND_DESCRIPTION_MAX, REFUND_REASONS } from "../refund-reasons";
import { SINPE_REF_LENGTH } from "../values";
import { MOBILE_TRANSFER_STATUSES, WEEKLY_FEE_AMOUNT, WEEKLY_FEE_CURRENCIES } from "./records";

// What this app sends. Checked before a request leaves, so a bad input costs nothing and never reaches the service.

/** An id that goes into a path. "." and ".." are refused: URL normalisation would turn them into another endpoint. */
export const idInputSchema = z
  .string()
  .min(1, "is required")
  .max(255)
  .refine((id) => id !== "." && id !== "..", "is not a valid id");

// Filters arrive from URL search params; the list modules drop empty values before these run.
const optionalFilter = <T extends z.ZodType>(schema: T) => schema.optional();

export const renewalFiltersSchema = z.object({
  subscriptionId: optionalFilter(idInputSchema),
  customerId: optionalFilter(idInputSchema),
  status: optionalFilter(z.enum(RENEWAL_STATUSES)),
});

// GET /v1/payment-intents/account takes these two. A status this app does not know is refused here, like the
// renewal filter's, so a hand-edited URL costs no request.
export const paymentIntentFiltersSchema = z.object({
  status: optionalFilter(z.enum(PAYMENT_INTENT_STATUSES)),
  customerId: optionalFilter(idInputSchema),
});

// GET /v1/subscriptions takes the same two (a customer's page lists their subscriptions).
export const subscriptionFiltersSchema = z.object({
  status: optionalFilter(z.enum(SUBSCRIPTION_STATUSES)),
  customerId: optionalFilter(idInputSchema),
});

// GET /v1/prices takes the product whose prices a product page shows.
export const priceFiltersSchema = z.object({
  productId: optionalFilter(idInputSchema),
});

export { SINPE_REF_LENGTH };

export const mobileTransferFiltersSchema = z.object({
  status: optionalFilter(z.enum(MOBILE_TRANSFER_STATUSES)),
  // Every reference the transfer system assigns has this length, so anything else can only match nothing.
  SINPERefNumber: optionalFilter(z.string().trim().length(SINPE_REF_LENGTH, `must be ${SINPE_REF_LENGTH} characters`)),
  originId: optionalFilter(z.string().trim().min(1)),
});

export const createRefundInputSchema = z.strictObject({
  paymentIntentId: idInputSchema,
  // Omitted: the service refunds the whole remaining amount.
  amount: z.int().positive().optional(),
  reason: z.enum(REFUND_REASONS).optional(),
  description: z.string().trim().min(1).max(REFUND_DESCRIPTION_MAX).optional(),
});

export const createConnectedAccountInputSchema = z.strictObject({
  businessName: z.string().trim().min(1, "is required").max(50, "must be at most 50 characters"),
  marketplaceAppFee: z
    .number()
    .min(0, "must be between 0 and 100")
    .max(100, "must be between 0 and 100")
    .multipleOf(0.01, "must have at most two decimals")
    .optional(),
});

export const setWeeklyFeeInputSchema = z
  .strictObject({
    marketplaceWeeklyFeeEnabled: z.boolean(),
    marketplaceWeeklyFeeAmount: z.int().min(WEEKLY_FEE_AMOUNT.min).max(WEEKLY_FEE_AMOUNT.max).nullable(),
    marketplaceWeeklyFeeCurrency: z.enum(WEEKLY_FEE_CURRENCIES).nullable(),
  })
  .refine(
    (fee) => !fee.marketplaceWeeklyFeeEnabled || (fee.marketplaceWeeklyFeeAmount !== null && fee.marketplaceWeeklyFeeCurrency !== null),
    { message: "an enabled weekly fee needs an amount and a currency", path: ["marketplaceWeeklyFeeAmount"] },
  )
  // The service keeps both null while the fee is off and refuses a disabled fee that carries either.
  .refine((fee) => fee.marketplaceWeeklyFeeEnabled || (fee.marketplaceWeeklyFeeAmount === null && fee.marketplaceWeeklyFeeCurrency === null), {
    message: "a disabled weekly fee has no amount and no currency",
    path: ["marketplaceWeeklyFeeAmount"],
  });

export type PaymentIntentFilters = z.input<typeof paymentIntentFiltersSchema>;
export type RenewalFilters = z.input<typeof renewalFiltersSchema>;
export type SubscriptionFilters = z.input<typeof subscriptionFiltersSchema>;
export type MobileTransferFilters = z.input<typeof mobileTransferFiltersSchema>;
export type PriceFilters = z.input<typeof priceFiltersSchema>;
export type CreateRefundInput = z.input<typeof createRefundInputSchema>;
export type CreateConnectedAccountInput = z.input<typeof createConnectedAccountInputSchema>;
export type SetWeeklyFeeInput = z.input<typeof setWeeklyFeeInputSchema>;
