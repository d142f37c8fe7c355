import type { RefundRequestRow } from "@/db/queries/refund-requests";
import type { CreateRefundResult } from "./refund-input";

/** The refund a key is sent for: the same key may only ever stand for this one. */
export type RefundBinding = Pick<RefundRequestRow, "mode" | "operatorId" | "paymentIntentId" | "amount" | "currency" | "reason" | "description">;

const BOUND = ["mode", "operatorId", "paymentIntentId", "amount", "currency", "reason", "description"] as const satisfies readonly (keyof RefundBinding)[];

/**
 * The answer to a request whose key was used before. The same refund sent again (a double submit, a retry, a replay)
 * gets the first request's result, or "still in flight"; a key first used for another refund — another amount,
 * payment, mode or operator — is refused outright, since honouring it would let one confirmation stand for two refunds.
 */
export function answerReplay(first: RefundRequestRow, binding: RefundBinding): CreateRefundResult {
  if (BOUND.some((field) => first[field] !== binding[field])) return { ok: false, error: "key_reused" };
  return { ok: false, error: "already_submitted", first: first.outcome ?? { state: "in_flight" } };
}
