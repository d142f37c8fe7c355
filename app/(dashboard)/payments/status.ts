import type { Badge } from "@/components/ui/badge";
import type { ComponentProps } from "react";
import { PAYMENT_INTENT_STATUSES } from "@/lib/payments/values";
import type { PaymentStatus } from "./search-params";

// How a payment intent's status looks wherever it is shown (the list, the detail page, a customer's payments), so an
// operator reads one colour as one state everywhere. Labels are the catalogs' paymentStatus.*.

export const PAYMENT_STATUS_TONES: Record<PaymentStatus, NonNullable<ComponentProps<typeof Badge>["tone"]>> = {
  requires_confirmation: "warning",
  requires_payment_method: "warning",
  requires_action: "warning",
  requires_capture: "info",
  processing: "info",
  succeeded: "success",
  refunded: "neutral",
  canceled: "neutral",
};

export const isKnownPaymentStatus = (status: string): status is PaymentStatus => (PAYMENT_INTENT_STATUSES as readonly string[]).includes(status);
