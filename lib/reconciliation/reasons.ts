// What a reconciliation row is and why it was suggested, as data: the UI renders each reason in words in either
// language from its code and values, and the score is derived from the same list (score.ts), so the two never disagree.

export const RECONCILIATION_STATES = ["suggested", "confirmed", "rejected", "accepted_unmatched", "undone"] as const;
export type ReconciliationState = (typeof RECONCILIATION_STATES)[number];

/** The rules 1–4, and an operator's own match (or acceptance without a match). Rule 5 is the absence of a row. */
export const RECONCILIATION_RULES = ["linked_by_service", "reference_in_description", "amount_and_sender", "split_payment", "manual"] as const;
export type ReconciliationRule = (typeof RECONCILIATION_RULES)[number];

/** Intent statuses still waiting for money (rules 3 and 4). */
export const AWAITING_INTENT_STATUSES = ["processing", "requires_payment_method", "requires_confirmation", "requires_action"] as const;
/** Intents that can no longer be paid by a transfer: canceled, or paid already. Never suggested by any rule. */
export const CLOSED_INTENT_STATUSES = ["succeeded", "refunded", "canceled"] as const;
/**
 * Closed intents an operator may still match by hand (a transfer that was the money of a payment the service counts as
 * paid but never linked); canceled ones are refused. The match-by-hand results warn of these.
 */
export const isPaidByService = (status: string | null) => status !== "canceled" && (CLOSED_INTENT_STATUSES as readonly (string | null)[]).includes(status);

/** How far back from a transfer an intent may have been created (rules 3 and 4), and how far apart a split may be. */
export const WINDOW_HOURS = 72;
/**
 * How long after a transfer an intent may still count as created "before" it: the bank's authorization time and the
 * service's clock are different clocks (the sandbox's own scenarios stamp a transfer 4 s before its intent).
 */
export const CLOCK_SKEW_MINUTES = 15;

export type Reason =
  | { code: "linked_by_service" }
  | { code: "intent_id_in_description"; value: string }
  | { code: "metadata_in_description"; key: string; value: string }
  | { code: "same_amount"; amount: number; currency: string }
  /** Transfers' total minus the intent's amount: positive paid over, negative paid under. Never hidden. */
  | { code: "amount_difference"; difference: number; currency: string }
  | { code: "sender_phone_is_customer"; phone: string }
  | { code: "sender_id_in_metadata"; key: string; id: string }
  | { code: "sender_name_is_customer"; name: string }
  /** The intent was created this many hours before the (first) transfer. */
  | { code: "within_window"; hours: number }
  | { code: "split_transfers"; count: number; total: number; currency: string }
  /** The transfer has this many candidate intents: none is preferred over the others. */
  | { code: "several_candidates"; count: number }
  | { code: "matched_by_hand" };

export type ReasonCode = Reason["code"];

export type Confidence = "high" | "medium" | "low";

/** The queues /reconciliation shows: Unmatched is open transfers with no row; the others are rows in that state. */
export const RECONCILIATION_QUEUES = ["suggested", "unmatched", "confirmed", "accepted_unmatched"] as const;
/** How long a queue's money has waited, as the queue's ageing counts it. */
export const AGE_BUCKETS = ["under1d", "d1to3", "d3to7", "over7d"] as const;
