import { explainPaymentError } from "@/lib/payments/explain-error";
import type { PaymentServiceError } from "@/lib/payments/errors";
import type { RefundFieldErrors, RefundMessageKey, RefundProblem } from "./refund-input";

// Codes the sandbox answers with for refunds (the spec lists no refund codes); any other code falls back to the
// client's explanation by status and category.
const REFUND_CODE_KEYS: Record<string, RefundMessageKey> = {
  "refunds.amount_exceeds_remaining": "refund.errors.amountExceedsRemaining",
  "refunds.invalid_payment_intent_status": "refund.errors.notRefundable",
};

/**
 * Whether the service may have made the refund although we got no clear answer: no response at all, a 5xx, or a
 * success we could not read. A POST is never retried, so the operator must check before trying again.
 */
function outcomeIsUnknown(error: PaymentServiceError): boolean {
  if (error.kind === "network" || error.kind === "timeout" || error.kind === "invalid_response") return true;
  return error.status !== null && error.status >= 500;
}

/** A refund the service did not confirm, in the form's terms: what happened, in words, with the service's own messages. */
export function explainRefundError(error: PaymentServiceError, sent: boolean): { problem: RefundProblem; fieldErrors?: RefundFieldErrors } {
  const { messageKey, detail } = explainPaymentError(error);
  if (!sent) return { problem: { outcome: "not_sent", messageKey, messages: [], ...(detail && { detail }) } };
  if (outcomeIsUnknown(error)) {
    return { problem: { outcome: "unknown", messageKey: "refund.errors.unknownOutcome", messages: [], ...(detail && { detail }) } };
  }
  const known = error.code ? REFUND_CODE_KEYS[error.code] : undefined;
  // A validation error lists each failed rule: shown as the service wrote them, since no code names them.
  const validation = error.kind === "validation" || error.kind === "marketplace_validation";
  const problem: RefundProblem = {
    outcome: "refused",
    messageKey: known ?? (validation ? "refund.errors.validation" : messageKey),
    messages: validation ? error.messages : [],
    ...(detail && { detail }),
  };
  return known === "refund.errors.amountExceedsRemaining" ? { problem, fieldErrors: { amount: "exceeds" } } : { problem };
}
