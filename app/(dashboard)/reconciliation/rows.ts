// Type-only: erased, so the browser gets none of the query module.
import type { QueueRow } from "@/db/queries/reconciliation-queues";
import type { Confidence, Reason, ReconciliationRule } from "@/lib/reconciliation/reasons";
import { amountDifference, confidenceOfScore } from "@/lib/reconciliation/reasons-text";

// One row of a reconciliation queue as the browser gets it: a suggestion, a decision or an open transfer, with its
// reasons as data (the table words them in the operator's language) and the amount difference worked out once.

export type ReconciliationRow = {
  /** The match's id, or the transfer's reference in the Unmatched queue. */
  id: string;
  matchId: number | null;
  state: QueueRow["state"];
  rule: ReconciliationRule | null;
  score: number | null;
  confidence: Confidence | null;
  reasons: Reason[];
  paymentIntentId: string | null;
  intentAmount: number | null;
  amount: number;
  currency: string;
  /** Transfers' total minus the intent's amount, when it is not zero. */
  difference: number | null;
  transferAt: string;
  refs: string[];
  senderName: string | null;
  senderPhone: string | null;
  description: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  note: string | null;
};


export function toReconciliationRow(row: QueueRow): ReconciliationRow {
  const first = row.transfers[0];
  return {
    id: row.matchId === null ? (first?.ref ?? "") : String(row.matchId),
    matchId: row.matchId,
    state: row.state,
    rule: row.rule,
    score: row.score,
    confidence: confidenceOfScore(row.score),
    reasons: row.reasons ?? [],
    paymentIntentId: row.paymentIntentId,
    intentAmount: row.intentAmount,
    amount: row.amount,
    currency: row.currency,
    difference: amountDifference(row),
    transferAt: row.transferAt.toISOString(),
    refs: row.transfers.map((t) => t.ref),
    senderName: first?.senderName ?? null,
    senderPhone: first?.senderPhone ?? null,
    description: first?.description ?? null,
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    note: row.note,
  };
}
