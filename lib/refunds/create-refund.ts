import "server-only";
import type { Db } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import { claimRefundKey, replayRefundKey, settleRefundKey } from "@/db/queries/refund-requests";
import type { Operator } from "@/db/schema";
import { hasRole } from "@/lib/auth/roles";
import type { Mode } from "@/lib/env-schema";
import type { PaymentClient } from "@/lib/payments/client";
import { isPaymentServiceError, type PaymentServiceError } from "@/lib/payments/errors";
import { getPaymentIntent } from "@/lib/payments/payment-intents";
import { createRefund } from "@/lib/payments/refunds";
import { copyIntentNow } from "@/lib/sync/copy-intent";
import type { PaymentIntent, Refund } from "@/lib/payments/schemas";
import { explainRefundError } from "./explain-refund-error";
import { checkRefundFields, type CreateRefundResult, type RefundProblem, type SettledRefund } from "./refund-input";
import { refundRequestSchema } from "./refund-request";
import { refundedOf } from "./remaining";
import { answerReplay, type RefundBinding } from "./replay";
import { REFUND_ACTIONS } from "@/lib/payments/refund-reasons";

export type RefundActor = Pick<Operator, "id" | "email" | "role">;
export type RefundContext = { db: Db; client: PaymentClient; mode: Mode; actor: RefundActor };

// Only what the service sends us to show: no key or URL is ever in these fields.
const errorFacts = (error: PaymentServiceError) => ({ status: error.status, kind: error.kind, code: error.code ?? null, messages: error.messages });
const UNKNOWN: RefundProblem = { outcome: "unknown", messageKey: "refund.errors.unknownOutcome", messages: [] };

/**
 * A refund asked for by an operator: checked, sent once to the Payment Service, and written to the audit log whatever
 * the service answered. The POST cannot share a transaction with the audit row (a transaction must not stay open across
 * a call to another system), so the row is written right after the answer: the refund, the service's refusal, or the
 * lack of an answer. Nothing is written for input refused here, since nothing was asked of the service.
 *
 * Sent once means once per form: the request's one-time key is claimed before the service is asked, and a request whose
 * key is already claimed (a double submit, a retry, a replay) is answered with the first one's result and asks nothing.
 * The service takes no idempotency key (the spec names none), so this record is the only guard.
 */
export async function refundPayment(context: RefundContext, input: unknown): Promise<CreateRefundResult> {
  const { db, client, mode, actor } = context;
  // The action has already checked the role; checked again so that no other caller can skip it.
  if (!hasRole(actor.role, "operator")) return { ok: false, error: "forbidden" };
  const request = refundRequestSchema.safeParse(input);
  if (!request.success) return { ok: false, error: "invalid_input" };
  const { paymentIntentId, currency, requestKey } = request.data;
  // Read in the currency the operator confirmed (the intent must be in it, checked below).
  const fields = checkRefundFields(request.data, currency);
  if (!fields.ok) return { ok: false, error: "invalid_input", fieldErrors: fields.fieldErrors };
  const { amount, reason, description } = fields.value;
  const binding: RefundBinding = { mode, operatorId: actor.id, paymentIntentId, amount, currency, reason, description: description ?? null };

  // A key seen before is answered from its record, without a single call to the service.
  const seen = await replayRefundKey(db, requestKey);
  if (seen) return answerReplay(seen, binding);

  // The intent as the service has it now: its refunded total is the audit row's "before". What remains is left for the
  // service to judge: the page's figure may be stale.
  let intent: PaymentIntent;
  try {
    intent = await getPaymentIntent(client, paymentIntentId);
  } catch (error) {
    if (!isPaymentServiceError(error)) throw error;
    return { ok: false, error: "service", ...explainRefundError(error, false) };
  }
  // The operator confirmed an amount in this currency; anything else would refund another sum than the one confirmed.
  if (intent.currency.toUpperCase() !== currency) return { ok: false, error: "stale" };

  // Claimed last, right before the refund is asked for: input refused above leaves the key free for the corrected form.
  if (!(await claimRefundKey(db, { key: requestKey, ...binding }))) {
    const first = await replayRefundKey(db, requestKey);
    return first ? answerReplay(first, binding) : { ok: false, error: "already_submitted", first: { state: "in_flight" } };
  }

  const before = { amount: intent.amount, currency, amountRefunded: refundedOf(intent), status: intent.status };
  const asked = { amount, currency, reason, description: description ?? null, requestKey };
  const auditRow = (action: string, after: Record<string, unknown>) =>
    ({ operatorId: actor.id, actor: actor.email, action, subjectType: "payment_intent", subjectId: intent.id, mode, before, after }) as const;
  // The key's outcome and the audit row are one write: a replay is answered with what the audit log says. Should that
  // write fail, the outcome is still kept on its own (a replay must not hear "in flight" for ever), and the error goes on.
  const settle = async (outcome: SettledRefund, audit?: ReturnType<typeof auditRow>) => {
    try {
      await db.transaction(async (tx) => {
        await settleRefundKey(tx, requestKey, outcome);
        if (audit) await insertAudit(tx, audit);
      });
    } catch (error) {
      await settleRefundKey(db, requestKey, outcome.state === "done" ? { ...outcome, audited: false } : outcome).catch(() => {});
      throw error;
    }
  };

  // The local copy (the Overview's figures, the lists read from it) learns of the refund now rather than at the next
  // sync pass: the scheduled re-read of recent payments would see it too, up to SYNC_REFRESH_MINUTES later. The intent
  // is read back from the service and written through the sync's upsert, so the status is the service's (refunded only
  // when nothing remains). A failure here changes nothing about the refund: it is logged, and the sync catches up.
  const copyLocally = () =>
    copyIntentNow(db, client, mode, intent.id).catch((error: unknown) => {
      console.error(`[refunds] the local copy of ${intent.id} was not updated after its refund (the sync will): ${error instanceof Error ? error.message : String(error)}`);
    });

  let refund: Refund;
  try {
    refund = await createRefund(client, { paymentIntentId: intent.id, amount, reason, description });
  } catch (error) {
    if (!isPaymentServiceError(error)) {
      // Our own failure after the claim: whether the service got the request is unknown, and a replay must say so.
      await settleRefundKey(db, requestKey, { state: "failed", problem: UNKNOWN }).catch(() => {});
      throw error;
    }
    // Refused by the client itself (bad input, no key): the service never saw it.
    const sent = error.kind !== "invalid_input" && error.kind !== "not_configured";
    const explained = explainRefundError(error, sent);
    const action = explained.problem.outcome === "unknown" ? REFUND_ACTIONS.unconfirmed : REFUND_ACTIONS.refused;
    await settle({ state: "failed", problem: explained.problem }, sent ? auditRow(action, { ...asked, error: errorFacts(error) }) : undefined);
    // No clear answer: the refund may have been made.
    if (explained.problem.outcome === "unknown") await copyLocally();
    return { ok: false, error: "service", ...explained };
  }

  const refunded = { id: refund.id, amount: refund.amount, currency: (refund.currency ?? currency).toUpperCase() };
  const created = auditRow(REFUND_ACTIONS.created, { ...asked, amount: refunded.amount, currency: refunded.currency, refundId: refund.id, status: refund.status ?? null });
  // The refund exists whatever happens next: a failed audit write must not turn it into an error the operator retries.
  const audited = await settle({ state: "done", refund: refunded, audited: true }, created).then(
    () => true,
    (error: unknown) => {
      console.error(`[refunds] refund ${refund.id} of ${intent.id} was made but its audit row was not written: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    },
  );
  await copyLocally();
  return { ok: true, refund: refunded, audited };
}
