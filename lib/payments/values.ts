// The Payment Service's value sets as plain constants, with no zod: the schemas (server) build their enums from these,
// and the list pages' URL parsers, which also run in the browser, take them from here without bringing zod along.

export const PAYMENT_INTENT_STATUSES = [
  "requires_confirmation",
  "requires_payment_method",
  "requires_action",
  "requires_capture",
  "processing",
  "succeeded",
  "refunded",
  "canceled",
] as const;

export const SUBSCRIPTION_STATUSES = ["active", "past_due", "canceled", "unpaid", "incomplete", "incomplete_expired", "trialing"] as const;

export const RENEWAL_STATUSES = ["draft", "open", "paid", "void", "uncollectible"] as const;

export const CONNECTED_ACCOUNT_STATUSES = [
  "pending_onboarding",
  "awaiting_approval",
  "active",
  "inactive",
  "temporally_suspended",
  "permanently_suspended",
  "deleted",
] as const;

/** What a weekly fee may be set in, and its bounds in minor units. */
export const WEEKLY_FEE_CURRENCIES = ["USD", "CRC", "GTQ", "PEN"] as const;
export const WEEKLY_FEE_AMOUNT = { min: 1, max: 2_147_483_647 } as const;

export const MOBILE_TRANSFER_STATUSES = ["pending", "received", "attempt_not_found", "charge_not_found", "expired", "canceled"] as const;

/**
 * A transfer whose money arrived but that the service could not match to a payment (with no paymentIntentId): what
 * reconciliation works through, and the Overview's "unreconciled" figure.
 */
export const UNRECONCILED_TRANSFER_STATUSES = ["received", "attempt_not_found", "charge_not_found"] as const;
/** A transfer whose money arrived (one of UNRECONCILED_TRANSFER_STATUSES): not `pending`, `expired` or `canceled`. */
export const moneyArrived = (status: string | null) => (UNRECONCILED_TRANSFER_STATUSES as readonly (string | null)[]).includes(status);

/** Every SINPE Móvil reference has exactly this many characters. */
export const SINPE_REF_LENGTH = 25;
