import type { Tone } from "@/components/detail/status-badge";
import type { PAYMENT_INTENT_STATUSES } from "@/lib/payments/values";

// How a payment intent's status looks wherever it is shown (the list, the detail page, a customer's payments), so an
// operator reads one colour as one state everywhere. Labels are the catalogs' paymentStatus.*.

export type PaymentStatus = (typeof PAYMENT_INTENT_STATUSES)[number];

export const PAYMENT_STATUS_TONES: Record<PaymentStatus, Tone> = {
  requires_confirmation: "warning",
  requires_payment_method: "warning",
  requires_action: "warning",
  requires_capture: "info",
  processing: "info",
  succeeded: "success",
  refunded: "neutral",
  canceled: "neutral",
};
