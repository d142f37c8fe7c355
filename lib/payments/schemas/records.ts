import { z } from "zod";
import { CONNECTED_ACCOUNT_STATUSES, MOBILE_TRANSFER_STATUSES, WEEKLY_FEE_AMOUNT, WEEKLY_FEE_CURRENCIES } from "../values";
import {
  addressSchema,
  amountSchema,
  currencySchema,
  idSchema,
  modeSchema,
  openEnum,
  timestampSchema,
  usdCentsSchema,
} from "./common";

// Records whose fields the spec lists. Optional text fields are nullish because the service returns them only when set.

export const customerSchema = z.looseObject({
  id: idSchema,
  mode: modeSchema,
  name: z.string().nullish(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
  description: z.string().nullish(),
  address: addressSchema.nullish(),
  shipping: z
    .looseObject({ address: addressSchema.nullish(), name: z.string().nullish(), phone: z.string().nullish() })
    .nullish(),
  amountSpent: usdCentsSchema,
  transactionsCount: z.int().nonnegative(),
  lastTransactionAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

export const CARD_BRANDS = ["visa", "mastercard"] as const;

export const paymentMethodSchema = z.looseObject({
  id: idSchema,
  // The type and most card fields are "not shown" in the spec; kept through looseObject, typed where shown.
  type: z.string().nullish(),
  mode: modeSchema.optional(),
  billing: z
    .looseObject({ address: addressSchema.nullish(), name: z.string().nullish(), phone: z.string().nullish() })
    .nullish(),
  card: z
    .looseObject({ brand: openEnum(CARD_BRANDS), expMonth: z.int().min(1).max(12), expYear: z.int() })
    .nullish(),
  createdAt: timestampSchema.optional(),
});

export { MOBILE_TRANSFER_STATUSES };

export const mobileTransferSchema = z.looseObject({
  id: idSchema,
  mode: modeSchema,
  amount: amountSchema,
  currency: currencySchema,
  // Closed: reconciliation decides on these values, so a new one must surface as an error, not be guessed at.
  status: z.enum(MOBILE_TRANSFER_STATUSES),
  description: z.string().nullish(),
  SINPERefNumber: z.string().min(1),
  originId: z.string(),
  originName: z.string(),
  destinationPhone: z.string(),
  authorizationDate: timestampSchema,
  createdAt: timestampSchema,
  paymentIntentId: idSchema.nullable(),
});

export { CONNECTED_ACCOUNT_STATUSES };

const feePercentSchema = z.number().min(0).max(100);

const connectedAccountFields = {
  id: idSchema,
  mode: modeSchema,
  // "Stored value returned as is, for compatibility with older accounts": open.
  status: openEnum(CONNECTED_ACCOUNT_STATUSES),
  businessName: z.string().nullable(),
  marketplaceAppFee: feePercentSchema,
  createdAt: timestampSchema,
};

/**
 * A connected account as lists and reads return it. An onboardingUrl is dropped even if the service ever sent one
 * here: the link must stay inside the onboarding flow, and these records are shown in tables and logs.
 */
export const connectedAccountSchema = z.looseObject(connectedAccountFields).transform((account) => {
  const copy = { ...account };
  delete copy.onboardingUrl;
  return copy;
});

/** Only the creation response carries the seller's onboarding link (a secret-like URL: never log it). */
export const connectedAccountCreatedSchema = z.looseObject({
  ...connectedAccountFields,
  businessName: z.string(),
  onboardingUrl: z.url(),
});

export { WEEKLY_FEE_AMOUNT, WEEKLY_FEE_CURRENCIES };

export const weeklyFeeSchema = z.looseObject({
  id: idSchema,
  marketplaceWeeklyFeeEnabled: z.boolean(),
  marketplaceWeeklyFeeAmount: z.int().min(WEEKLY_FEE_AMOUNT.min).max(WEEKLY_FEE_AMOUNT.max).nullable(),
  // Open on read: newer service enums add currencies (NIO, PAB, …); requests still send only the four the spec lists.
  marketplaceWeeklyFeeCurrency: openEnum(WEEKLY_FEE_CURRENCIES).nullable(),
});

export const onboardingLinkSchema = z.looseObject({
  id: idSchema,
  onboardingUrl: z.url(),
});

export type Customer = z.infer<typeof customerSchema>;
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export type MobileTransfer = z.infer<typeof mobileTransferSchema>;
export type MobileTransferStatus = (typeof MOBILE_TRANSFER_STATUSES)[number];
export type ConnectedAccount = z.infer<typeof connectedAccountSchema>;
export type ConnectedAccountStatus = ConnectedAccount["status"];
export type ConnectedAccountCreated = z.infer<typeof connectedAccountCreatedSchema>;
export type WeeklyFee = z.infer<typeof weeklyFeeSchema>;
export type WeeklyFeeCurrency = (typeof WEEKLY_FEE_CURRENCIES)[number];
export type OnboardingLink = z.infer<typeof onboardingLinkSchema>;
