import { z } from "zod";
import { parseMajorAmount, type MajorAmountError } from "@/lib/format/parse-money";
import { REFUND_DESCRIPTION_MAX, REFUND_REASONS, type RefundReason } from "@/lib/payments/refund-reasons";
import type { PaymentErrorMessageKey } from "@/lib/payments/error-messages";

// The refund form's input and the action's answer. Pure and free of server code: the form checks with the same rules
// before it asks for confirmation, and the action checks again, since a forged call skips the form.

/** What the form sends: the amount as the operator typed it, and the currency they confirmed it in. */
export const refundRequestSchema = z.strictObject({
  paymentIntentId: z.string().min(1).max(255),
  currency: z.string().regex(/^[A-Z]{3}$/),
  amount: z.string().max(64),
  reason: z.string().max(64),
  description: z.string().max(REFUND_DESCRIPTION_MAX * 4),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

export type RefundFieldError = MajorAmountError | "exceeds" | "reason_required" | "too_long";
export type RefundField = "amount" | "reason" | "description";
export type RefundFieldErrors = Partial<Record<RefundField, RefundFieldError>>;

/**
 * The fields, read for one intent: the amount in its currency's minor units; above `remaining` (when known) is refused.
 * Each issue's message is the field's error code, so the form and the action report the same thing.
 */
export function refundFieldsSchema(currency: string, remaining?: number) {
  return z.object({
    amount: z.string().transform((text, ctx) => {
      const parsed = parseMajorAmount(text, currency);
      if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.error });
      else if (remaining !== undefined && parsed.minor > remaining) ctx.addIssue({ code: "custom", message: "exceeds" });
      return parsed.ok ? parsed.minor : 0;
    }),
    reason: z.enum(REFUND_REASONS, { error: "reason_required" }),
    // Blank means none: the service takes no empty description.
    description: z
      .string()
      .trim()
      .max(REFUND_DESCRIPTION_MAX, { error: "too_long" })
      .transform((text) => text || undefined),
  });
}

export type CheckedRefund = { amount: number; reason: RefundReason; description: string | undefined };

export function checkRefundFields(
  fields: Pick<RefundRequest, RefundField>,
  currency: string,
  remaining?: number,
): { ok: true; value: CheckedRefund } | { ok: false; fieldErrors: RefundFieldErrors } {
  const result = refundFieldsSchema(currency, remaining).safeParse(fields);
  if (result.success) return { ok: true, value: result.data };
  const fieldErrors: RefundFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as RefundField;
    fieldErrors[field] ??= issue.message as RefundFieldError;
  }
  return { ok: false, fieldErrors };
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

export type CreateRefundResult =
  | { ok: true; refund: { id: string; amount: number; currency: string }; audited: boolean }
  | { ok: false; error: "forbidden" | "invalid_input" | "stale" | "service"; fieldErrors?: RefundFieldErrors; problem?: RefundProblem };
