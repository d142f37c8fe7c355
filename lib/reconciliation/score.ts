// A suggestion's score is the sum of its reasons' weights, clamped to 0–100. The SQL rules compute the same sum from
// the same table (WEIGHTS is written into their statements), so a reason list always explains its score exactly.
import type { Confidence, Reason, ReasonCode } from "./reasons";

export const WEIGHTS: Record<ReasonCode, number> = {
  linked_by_service: 100,
  intent_id_in_description: 90,
  metadata_in_description: 85,
  same_amount: 40,
  sender_phone_is_customer: 30,
  sender_id_in_metadata: 30,
  sender_name_is_customer: 15,
  // A set of transfers is a weaker guess than one transfer of the exact amount.
  split_transfers: -5,
  // Shown, and it costs: a payment over or under the intent is confirmed by a person who has seen the difference.
  amount_difference: -5,
  within_window: 0,
  several_candidates: 0,
  matched_by_hand: 0,
};

export function scoreOf(reasons: readonly Reason[]): number {
  const sum = reasons.reduce((total, reason) => total + WEIGHTS[reason.code], 0);
  return Math.max(0, Math.min(100, sum));
}

/**
 * A match's reasons, those that weigh most first: the queue shows the first one or two in its row and the rest on
 * demand. Equal weights keep the rules' order (the sort is stable).
 */
export function strongestFirst(reasons: readonly Reason[]): Reason[] {
  return [...reasons].sort((a, b) => WEIGHTS[b.code] - WEIGHTS[a.code]);
}

/** The score from which a suggestion is of high confidence (and may be confirmed in bulk). */
export const HIGH_CONFIDENCE_SCORE = 80;

/**
 * high ≥ 80, medium ≥ 60, else low: how sure the rules are of *which* payment (rule 2 always is high, even when the
 * amount differs: the difference is shown, and keeps the suggestion out of a bulk confirmation).
 */
export function confidenceOf(score: number): Confidence {
  return score >= HIGH_CONFIDENCE_SCORE ? "high" : score >= 60 ? "medium" : "low";
}
