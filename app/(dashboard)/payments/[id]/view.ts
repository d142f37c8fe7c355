import { z } from "zod";
import { CARD_DECLINE_REASONS, isKnownValue, type PaymentIntent } from "@/lib/payments/schemas";
import { lastPaymentErrorSchema } from "@/lib/payments/schemas/billing";
import { refundabilityOf, refundedOf, remainingOf, type Refundability } from "@/lib/refunds/remaining";
import { toPaymentRow, type PaymentRow } from "../rows";

// The intent as its detail page shows it. The service sends fields the spec does not list (the sandbox mirrors
// them); the client's schema keeps them untyped, so they are read here defensively: an odd value hides its line
// instead of failing the page.

const text = z.string().min(1).nullish().catch(null);
// The shared shape's fields, each read on its own: the shared schema drops the whole error for one odd field (right for
// the sync's copy, which stores it whole), while the page keeps the other lines and hides an empty or odd one.
const lastErrorSchema = z.object(
  Object.fromEntries(lastPaymentErrorSchema.keyof().options.map((field) => [field, text])) as Record<keyof typeof lastPaymentErrorSchema.shape, typeof text>,
);
const extrasSchema = z.object({ lastPaymentError: lastErrorSchema.nullish().catch(null) });

export type DeclineReasonKey = `paymentErrors.decline.${(typeof CARD_DECLINE_REASONS)[number]}`;

export type LastError = z.infer<typeof lastErrorSchema> & { reasonKey: DeclineReasonKey | null };

export type IntentView = PaymentRow & {
  baseAmount: number | null;
  customerId: string | null;
  paymentMethodId: string | null;
  confirmationAttempts: number | null;
  amountRefunded: number | null;
  /** What a refund may still take back (the whole amount when the service reports no refunds). */
  remaining: number;
  refundability: Refundability;
  updatedAt: string | null;
  metadata: Record<string, string>;
  lastError: LastError | null;
};

/**
 * The decline in words, from the stable reason (as errorMessageKey does for a refused request). An unknown reason
 * reads as "unknown"; no reason, no sentence. The declineMessage is never read for this: the spec says it may change.
 */
export function declineReasonKey(reason: string | null | undefined): DeclineReasonKey | null {
  if (!reason) return null;
  return `paymentErrors.decline.${isKnownValue(CARD_DECLINE_REASONS, reason) ? reason : "unknown"}`;
}

export function toIntentView(intent: PaymentIntent): IntentView {
  const extras = extrasSchema.parse(intent);
  const error = extras.lastPaymentError;
  return {
    ...toPaymentRow(intent),
    baseAmount: intent.baseAmount ?? null,
    customerId: intent.customerId ?? intent.customer?.id ?? null,
    paymentMethodId: intent.paymentMethodId ?? null,
    confirmationAttempts: intent.confirmationAttempts ?? null,
    amountRefunded: refundedOf(intent) || null,
    remaining: remainingOf(intent),
    refundability: refundabilityOf(intent),
    updatedAt: intent.updatedAt ?? null,
    metadata: intent.metadata ?? {},
    // An error object with nothing in it says nothing.
    lastError: error && Object.values(error).some(Boolean) ? { ...error, reasonKey: declineReasonKey(error.reason) } : null,
  };
}
