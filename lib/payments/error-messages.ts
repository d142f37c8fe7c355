import { CARD_DECLINE_REASONS, isKnownValue } from "./schemas";
import type { PaymentServiceError } from "./errors";

/** What an operator can do about a failure: fix the keys, check the id, wait, or report it. */
export type PaymentErrorCategory =
  | "keys_misconfigured"
  | "not_found"
  | "rate_limited"
  | "unavailable"
  | "invalid_request"
  | "invalid_response";

export function errorCategory(error: PaymentServiceError): PaymentErrorCategory {
  switch (error.kind) {
    case "not_configured":
      return "keys_misconfigured";
    case "network":
    case "timeout":
      return "unavailable";
    case "invalid_response":
      return "invalid_response";
    case "invalid_input":
      return "invalid_request";
  }
  const status = error.status ?? 0;
  if (status === 401 || status === 403) return "keys_misconfigured";
  if (status === 404) return "not_found";
  if (status === 429) return "rate_limited";
  if (status >= 500) return "unavailable";
  if (status >= 400) return "invalid_request";
  // A non-error status with an error body is the service misbehaving.
  return "invalid_response";
}

const CATEGORY_KEYS = {
  keys_misconfigured: "paymentErrors.keysMisconfigured",
  not_found: "paymentErrors.notFound",
  rate_limited: "paymentErrors.rateLimited",
  unavailable: "paymentErrors.unavailable",
  invalid_request: "paymentErrors.invalidRequest",
  invalid_response: "paymentErrors.invalidResponse",
} as const satisfies Record<PaymentErrorCategory, string>;

// Codes the spec shows in samples. The full code list is not published, so anything else falls back to its category.
const CODE_KEYS = {
  "cards.invalid_card_info": "paymentErrors.code.invalidCardInfo",
  insufficient_funds: "paymentErrors.code.insufficientFunds",
  declined: "paymentErrors.code.declined",
} as const;

const STATUS_KEYS = {
  401: "paymentErrors.unauthorized",
  403: "paymentErrors.forbidden",
} as const;

const DECLINE_KEYS = CARD_DECLINE_REASONS.map((reason) => `paymentErrors.decline.${reason}` as const);

/** Every key errorMessageKey can return, for the i18n catalogs to be checked against. */
export const PAYMENT_ERROR_MESSAGE_KEYS = [
  ...Object.values(CATEGORY_KEYS),
  ...Object.values(CODE_KEYS),
  ...Object.values(STATUS_KEYS),
  ...DECLINE_KEYS,
] as const;

export type PaymentErrorMessageKey = (typeof PAYMENT_ERROR_MESSAGE_KEYS)[number];

/**
 * The i18n key for the text to show, from the stable parts of an error: the decline reason, then the code, then
 * the status. declineMessage is never read: the spec says it may change and is not localised.
 */
export function errorMessageKey(error: PaymentServiceError): PaymentErrorMessageKey {
  if (error.decline) {
    const reason = isKnownValue(CARD_DECLINE_REASONS, error.decline.reason) ? error.decline.reason : "unknown";
    return `paymentErrors.decline.${reason}`;
  }
  if (error.code && Object.hasOwn(CODE_KEYS, error.code)) return CODE_KEYS[error.code as keyof typeof CODE_KEYS];
  if (error.status === 401 || error.status === 403) return STATUS_KEYS[error.status];
  return CATEGORY_KEYS[errorCategory(error)];
}
