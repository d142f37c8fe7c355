import "server-only";
import type { Db } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import type { Operator } from "@/db/schema";
import { hasRole } from "@/lib/auth/roles";
import type { Mode } from "@/lib/env-schema";
import type { PaymentClient } from "@/lib/payments/client";
import { isPaymentServiceError, type PaymentServiceError } from "@/lib/payments/errors";
import { getPaymentIntent } from "@/lib/payments/payment-intents";
import { createRefund } from "@/lib/payments/refunds";
import type { PaymentIntent, Refund } from "@/lib/payments/schemas";
import { explainRefundError } from "./explain-refund-error";
import { checkRefundFields, type CreateRefundResult } from "./refund-input";
import { refundRequestSchema } from "./refund-request";
import { refundedOf } from "./remaining";
import { REFUND_ACTIONS } from "@/lib/payments/refund-reasons";

export type RefundActor = Pick<Operator, "id" | "email" | "role">;
export type RefundContext = { db: Db; client: PaymentClient; mode: Mode; actor: RefundActor };

/** Audit actions of a refund: done, refused by the service, or asked for without a clear answer. */

// Only what the service sends us to show: no key or URL is ever in these fields.
const errorFacts = (error: PaymentServiceError) => ({ status: error.status, kind: error.kind, code: error.code ?? null, messages: error.messages });

/**
 * A refund asked for by an operator: checked, sent once to the Payment Service, and written to the audit log whatever
 * the service answered. The POST cannot share a transaction with the audit row (a transaction must not stay open across
 * a call to another system), so the row is written right after the answer: the refund, the service's refusal, or the
 * lack of an answer. Nothing is written for input refused here, since nothing was asked of the service.
 */
export async function refundPayment(context: RefundContext, input: unknown): Promise<CreateRefundResult> {
  const { db, client, mode, actor } = context;
  // The action has already checked the role; checked again so that no other caller can skip it.
  if (!hasRole(actor.role, "operator")) return { ok: false, error: "forbidden" };
  const request = refundRequestSchema.safeParse(input);
  if (!request.success) return { ok: false, error: "invalid_input" };
  const { paymentIntentId, currency } = request.data;

  // The intent as the service has it now: its currency says how to read the amount, and its refunded total is the
  // audit row's "before". What remains is left for the service to judge: the page's figure may be stale.
  let intent: PaymentIntent;
  try {
    intent = await getPaymentIntent(client, paymentIntentId);
  } catch (error) {
    if (!isPaymentServiceError(error)) throw error;
    return { ok: false, error: "service", ...explainRefundError(error, false) };
  }
  // The operator confirmed an amount in this currency; anything else would refund another sum than the one confirmed.
  if (intent.currency.toUpperCase() !== currency) return { ok: false, error: "stale" };
  const fields = checkRefundFields(request.data, currency);
  if (!fields.ok) return { ok: false, error: "invalid_input", fieldErrors: fields.fieldErrors };
  const { amount, reason, description } = fields.value;

  const before = { amount: intent.amount, currency, amountRefunded: refundedOf(intent), status: intent.status };
  const asked = { amount, currency, reason, description: description ?? null };
  const audit = (action: string, after: Record<string, unknown>) =>
    insertAudit(db, { operatorId: actor.id, actor: actor.email, action, subjectType: "payment_intent", subjectId: intent.id, mode, before, after });

  let refund: Refund;
  try {
    refund = await createRefund(client, { paymentIntentId: intent.id, amount, reason, description });
  } catch (error) {
    if (!isPaymentServiceError(error)) throw error;
    // Refused by the client itself (bad input, no key): the service never saw it.
    const sent = error.kind !== "invalid_input" && error.kind !== "not_configured";
    const explained = explainRefundError(error, sent);
    if (sent) {
      const action = explained.problem.outcome === "unknown" ? REFUND_ACTIONS.unconfirmed : REFUND_ACTIONS.refused;
      await audit(action, { ...asked, error: errorFacts(error) });
    }
    return { ok: false, error: "service", ...explained };
  }

  const refunded = { id: refund.id, amount: refund.amount, currency: (refund.currency ?? currency).toUpperCase() };
  // The refund exists whatever happens next: a failed audit write must not turn it into an error the operator retries.
  const audited = await audit(REFUND_ACTIONS.created, { ...asked, amount: refunded.amount, currency: refunded.currency, refundId: refund.id, status: refund.status ?? null }).then(
    () => true,
    (error: unknown) => {
      console.error(`[refunds] refund ${refund.id} of ${intent.id} was made but its audit row was not written: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    },
  );
  return { ok: true, refund: refunded, audited };
}
