import "server-only";
import type { PgBoss } from "pg-boss";
import type { Database, Db } from "@/db";
import { notBulkConfirmable } from "@/db/queries/reconciliation-queues";
import type { Operator } from "@/db/schema";
import { hasRole } from "@/lib/auth/roles";
import type { Mode } from "@/lib/env-schema";
import {
  acceptWithoutMatch,
  confirmSuggestion,
  matchByHand,
  rejectSuggestion,
  undoDecision,
} from "@/lib/reconciliation/decisions";
import type { DecisionError } from "@/lib/reconciliation/decision-errors";
import { requestRulesRun } from "@/lib/reconciliation/rules-now";
import { explainRefusal, type Words } from "./refusal-words";

// The action layer's work, apart from Next (actions.ts adds the session, the mode and the refresh): runs one decision
// in the decision layer (lib/reconciliation/decisions.ts: role re-read, locks, one audit row) and words its answer,
// above all a refusal: who decided the transfer first, how and when, or the layer's own reason (a closed period...),
// always from the catalogs: the layer returns codes and facts, never words.

export const DECISIONS = { confirm: confirmSuggestion, reject: rejectSuggestion, undo: undoDecision, match: matchByHand, accept: acceptWithoutMatch } as const;
export type DecisionKind = keyof typeof DECISIONS;
const DONE = { confirm: "confirmed", reject: "rejected", undo: "undone", match: "matched", accept: "accepted" } as const;

export type { Words };
export type DecisionAnswer = { ok: true; matchId: number; message: string } | { ok: false; error: DecisionError; message: string };

export async function decide(db: Db, operator: Operator, mode: Mode, kind: DecisionKind, input: unknown, words: Words): Promise<DecisionAnswer> {
  // The mode is the one the operator is looking at, never the caller's.
  const raw = input && typeof input === "object" ? { ...input, mode } : input;
  const result = await DECISIONS[kind](db, operator, raw);
  if (result.ok) return { ok: true, matchId: result.matchId, message: words.t(`reconciliationDecision.done.${DONE[kind]}`) };
  return { ok: false, error: result.error, message: explainRefusal(result, words) };
}

export type BulkAnswer = { confirmed: number; refused: { matchId: number; message: string }[] };

/** Confirms each reviewed suggestion on its own (one transaction and audit row each): one refused stops none of the others. */
export async function bulkConfirm(db: Db, operator: Operator, mode: Mode, input: { matchIds: number[]; note?: string }, words: Words): Promise<BulkAnswer> {
  const answer: BulkAnswer = { confirmed: 0, refused: [] };
  // Only what the review screen may offer is confirmed in bulk, whatever the call names: a forged or stale id (a lower
  // score, or no longer the only candidate) is refused and left for a decision of its own.
  const refused = new Set(await notBulkConfirmable(db, mode, input.matchIds));
  for (const matchId of [...new Set(input.matchIds)]) {
    if (refused.has(matchId)) {
      answer.refused.push({ matchId, message: words.t("reconciliationDecision.bulk.notEligible") });
      continue;
    }
    const result = await decide(db, operator, mode, "confirm", { matchId, note: input.note }, words);
    if (result.ok) answer.confirmed++;
    else answer.refused.push({ matchId, message: result.message });
  }
  return answer;
}

/**
 * "Look for matches now": queues a full pass of the rules for the mode (the worker runs it, as it does after a
 * backfill), with an audit row; the id of the job, which the button follows. Null for a role that may not ask.
 */
export async function runRulesNow(db: Database, boss: PgBoss, operator: Operator, mode: Mode): Promise<string | null> {
  if (!hasRole(operator.role, "operator")) return null;
  return requestRulesRun(db, boss, { operator, mode });
}
