import "server-only";
import type { Database, Db } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import { runReconciliation, type ReconcileStats } from "@/db/queries/reconciliation";
import { notBulkConfirmable } from "@/db/queries/reconciliation-queues";
import type { Operator } from "@/db/schema";
import { hasRole } from "@/lib/auth/roles";
import type { Mode } from "@/lib/env-schema";
import { formatDateTime } from "@/lib/format/time";
import type { Translator } from "@/lib/i18n/server";
import {
  acceptWithoutMatch,
  confirmSuggestion,
  matchByHand,
  rejectSuggestion,
  undoDecision,
  type DecisionResult,
} from "@/lib/reconciliation/decisions";

// The action layer's work, apart from Next (actions.ts adds the session, the mode and the refresh): runs one decision
// in the decision layer (lib/reconciliation/decisions.ts: role re-read, locks, one audit row) and words its answer,
// above all a refusal: who decided the transfer first, how and when, or the layer's own reason (a closed period...).

export const DECISIONS = { confirm: confirmSuggestion, reject: rejectSuggestion, undo: undoDecision, match: matchByHand, accept: acceptWithoutMatch } as const;
export type DecisionKind = keyof typeof DECISIONS;
const DONE = { confirm: "confirmed", reject: "rejected", undo: "undone", match: "matched", accept: "accepted" } as const;

export type Words = { t: Translator; locale: string; timeZone: string };
export type DecisionAnswer = { ok: true; matchId: number; message: string } | { ok: false; error: string; message: string };

export async function decide(db: Db, operator: Operator, mode: Mode, kind: DecisionKind, input: unknown, words: Words): Promise<DecisionAnswer> {
  // The mode is the one the operator is looking at, never the caller's.
  const raw = input && typeof input === "object" ? { ...input, mode } : input;
  const result = await DECISIONS[kind](db, operator, raw);
  if (result.ok) return { ok: true, matchId: result.matchId, message: words.t(`reconciliationDecision.done.${DONE[kind]}`) };
  return { ok: false, error: result.error, message: explainRefusal(result, words) };
}

/** A refused decision in words: for a transfer someone else decided first, who, how and when. */
export function explainRefusal(result: Extract<DecisionResult, { ok: false }>, { t, locale, timeZone }: Words): string {
  const detail = result.message ?? "";
  switch (result.error) {
    case "already_decided": {
      const decided = result.decided;
      if (!decided) return t("reconciliationDecision.errors.withdrawn");
      if (!decided.decidedBy && decided.rule === "linked_by_service") return t("reconciliationDecision.errors.already_decided_service", { intent: decided.paymentIntentId ?? "?" });
      return t("reconciliationDecision.errors.already_decided", {
        who: decided.decidedBy ? `${decided.decidedBy.name} (${decided.decidedBy.email})` : "?",
        state: t(`reconciliationDecision.states.${decided.state}`),
        intent: decided.paymentIntentId ? t("reconciliationDecision.errors.againstIntent", { intent: decided.paymentIntentId }) : "",
        when: decided.decidedAt ? formatDateTime(decided.decidedAt, locale, timeZone) : "?",
      });
    }
    case "forbidden":
    case "intent_closed":
    case "closed_period":
      return t(`reconciliationDecision.errors.${result.error}`);
    case "invalid_input":
    case "not_found":
    case "not_undoable":
    case "amount_mismatch":
      return t(`reconciliationDecision.errors.${result.error}`, { detail });
    default:
      // A refusal this page does not know by name (a rule added to the decision layer): its own words.
      return t("reconciliationDecision.errors.other", { detail: detail || String(result.error) });
  }
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

/** Runs every rule for the mode now (the worker does after each sync pass), with an audit row: it writes suggestions. */
export async function runRulesNow(db: Database, operator: Operator, mode: Mode): Promise<ReconcileStats | null> {
  if (!hasRole(operator.role, "operator")) return null;
  return db.transaction(async (tx) => {
    const stats = await runReconciliation(tx, mode);
    await insertAudit(tx, { operatorId: operator.id, actor: operator.email, action: "reconciliation.rules_run", subjectType: "reconciliation", subjectId: mode, mode, before: null, after: stats });
    return stats;
  });
}
