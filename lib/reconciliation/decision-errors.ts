import type { MatchRow } from "@/db/queries/reconciliation-decisions";
import type { PeriodKind } from "./periods";
import type { ReconciliationState } from "./reasons";

// Why the decision layer refused a decision, as data: a code and the facts the operator needs (who decided first and
// how, by how much a set misses its intent, which closed period...). The words are the catalogs', in the operator's
// language (reconciliationDecision.errors.<code>): nothing here is English for a person to read.

/** The most transfers one decision may match to an intent (a split payment's set). */
export const MAX_MATCH_TRANSFERS = 10;

export const DECISION_ERRORS = [
  "forbidden",
  "invalid_input",
  "not_found",
  "already_decided",
  "withdrawn",
  "not_undoable",
  "intent_closed",
  "not_received",
  "currency_mismatch",
  "amount_mismatch",
  "closed_period",
] as const;
export type DecisionError = (typeof DECISION_ERRORS)[number];

/** Who settled the transfer (or paid the intent) first, and how: null `decidedBy` means the service linked it (rule 1). */
export type StandingDecision = Pick<MatchRow, "id" | "state" | "rule" | "paymentIntentId" | "refs" | "decidedAt" | "decidedBy">;

/** A closed period a transfer's money moved in. */
export type ClosedPeriod = { id: number; kind: PeriodKind; fromDay: string; currency: string };

export type DecisionRefusal =
  | { error: "forbidden" }
  /** The input's fields that failed (their top-level names: `note`, `refs`...). */
  | { error: "invalid_input"; fields: string[] }
  /** What is missing: the suggestion or decision named, a transfer, or the payment intent. */
  | { error: "not_found"; missing: "decision" | "transfer" | "intent" }
  | { error: "already_decided"; decided: StandingDecision }
  /** The suggestion was withdrawn by another decision (its transfer or intent was settled otherwise). */
  | { error: "withdrawn" }
  /** The service's own link, or a row in a state that is no decision (a suggestion). */
  | { error: "not_undoable"; why: "linked_by_service" | "state"; state: ReconciliationState }
  | { error: "intent_closed"; status: string }
  /** Transfers whose money has not arrived (pending) or never will (expired, canceled): nothing to match or keep. */
  | { error: "not_received"; refs: string[]; status: string | null }
  /** The transfers' currencies and the intent's. */
  | { error: "currency_mismatch"; transfers: string[]; intent: string | null }
  /** A set of transfers whose sum is not its intent's amount (minor units; difference = total − intent). */
  | { error: "amount_mismatch"; total: number; intentAmount: number | null; difference: number | null; currency: string; count: number }
  | { error: "closed_period"; periods: ClosedPeriod[] };

export type DecisionResult = { ok: true; matchId: number } | ({ ok: false } & DecisionRefusal);

/** The fields of a zod failure, top level only, each once. */
export const failedFields = (issues: { path: PropertyKey[] }[]): string[] => [...new Set(issues.map((issue) => String(issue.path[0] ?? "input")))];
