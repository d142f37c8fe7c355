import { parseMajorAmount, type MajorAmountError } from "@/lib/format/parse-money";
import { REFUND_DESCRIPTION_MAX, REFUND_REASONS, type RefundReason } from "@/lib/payments/refund-reasons";
import type { PaymentErrorMessageKey } from "@/lib/payments/error-messages";

// The refund form's fields and the action's answer. Pure, free of server code and of zod (the form imports it, and
// zod alone would add about 30 kB to the payment page's JavaScript): the form checks with the same rules before it
// asks for confirmation, and the action checks again (with refund-request.ts's schema first), since a forged call
// skips the form.

/**
 * What the form sends: the amount as the operator typed it, the currency they confirmed it in, and the one-time key
 * the page made when it rendered the form (a UUID), which makes a second send of the same request harmless.
 */
export type RefundRequest = { paymentIntentId: string; currency: string; amount: string; reason: string; description: string; requestKey: string };

export type RefundFieldError = MajorAmountError | "exceeds" | "reason_required" | "too_long";
export type RefundField = "amount" | "reason" | "description";
export type RefundFieldErrors = Partial<Record<RefundField, RefundFieldError>>;

export type CheckedRefund = { amount: number; reason: RefundReason; description: string | undefined };

const isReason = (value: string): value is RefundReason => (REFUND_REASONS as readonly string[]).includes(value);

/**
 * The fields, read for one intent: the amount in its currency's minor units; above `remaining` (when known) is refused.
 * Each error is the field's error code, so the form and the action report the same thing.
 */
export function checkRefundFields(
  fields: Pick<RefundRequest, RefundField>,
  currency: string,
  remaining?: number,
): { ok: true; value: CheckedRefund } | { ok: false; fieldErrors: RefundFieldErrors } {
  const fieldErrors: RefundFieldErrors = {};
  const parsed = parseMajorAmount(fields.amount, currency);
  if (!parsed.ok) fieldErrors.amount = parsed.error;
  else if (remaining !== undefined && parsed.minor > remaining) fieldErrors.amount = "exceeds";
  if (!isReason(fields.reason)) fieldErrors.reason = "reason_required";
  // Blank means none: the service takes no empty description.
  const description = fields.description.trim();
  if (description.length > REFUND_DESCRIPTION_MAX) fieldErrors.description = "too_long";
  if (!parsed.ok || !isReason(fields.reason) || Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, value: { amount: parsed.minor, reason: fields.reason, description: description || undefined } };
}

/** The message keys a refused refund can carry: the client's own, or one of the refund's (refund.errors.*). */
export type RefundMessageKey =
  | PaymentErrorMessageKey
  | "refund.errors.amountExceedsRemaining"
  | "refund.errors.notRefundable"
  | "refund.errors.validation"
  | "refund.errors.unknownOutcome";

/**
 * Why a refund did not go through. `outcome` is what the operator must know first: `refused` (the service said no;
 * nothing changed), `unknown` (no clear answer: it may or may not have happened) or `not_sent` (stopped before the
 * refund was asked for).
 */
export type RefundProblem = { outcome: "refused" | "unknown" | "not_sent"; messageKey: RefundMessageKey; messages: string[]; detail?: string };

export type RefundMade = { id: string; amount: number; currency: string };

/** How a refund request ended, as kept with its key for a replay to be shown: the refund made, or why there was none. */
export type SettledRefund = { state: "done"; refund: RefundMade; audited: boolean } | { state: "failed"; problem: RefundProblem };

/** What a request whose key was already used is told: the first request's outcome, or that it is still running. */
export type FirstRefund = SettledRefund | { state: "in_flight" };

export type CreateRefundResult =
  | { ok: true; refund: RefundMade; audited: boolean }
  | { ok: false; error: "forbidden" | "invalid_input" | "stale" | "service" | "key_reused"; fieldErrors?: RefundFieldErrors; problem?: RefundProblem }
  | { ok: false; error: "already_submitted"; first: FirstRefund };
