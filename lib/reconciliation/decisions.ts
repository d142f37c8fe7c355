import "server-only";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, Transaction } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import { actingOperator } from "@/db/queries/operators";
import { reconcileLock, reconcileLockShared, runReconciliation } from "@/db/queries/reconciliation";
import {
  deleteMootSuggestions,
  findStandingDecision,
  getMatch,
  insertDecision,
  lockIntent,
  lockTransfers,
  setMatchState,
  type MatchRow,
} from "@/db/queries/reconciliation-decisions";
import type { Operator } from "@/db/schema";
import { hasRole } from "@/lib/auth/roles";
import { MODES, type Mode } from "@/lib/env-schema";
import { moneyArrived, SINPE_REF_LENGTH } from "@/lib/payments/values";
import { CLOSED_PERIOD_FLAG } from "@/db/queries/reconciliation-close";
import { failedFields, MAX_MATCH_TRANSFERS, type DecisionRefusal, type DecisionResult, type StandingDecision } from "./decision-errors";
import { closedPeriodCheck } from "./periods-close";
import type { Reason } from "./reasons";

// An operator's reconciliation decisions: confirm or reject a suggestion, match by hand, accept a transfer without a
// match, undo. Each runs in one transaction that re-reads the operator's role, locks the transfers (then the intent)
// it concerns, checks nobody decided them meanwhile and that a closed period has its note, and only then writes the
// decision and one audit row. Two operators deciding the same transfer at once: the second waits for the first's lock,
// then is told who decided and how. The database's unique indexes stand behind this (a transfer settled once, an
// intent confirmed once) should any path skip it. A refusal is a code and its facts (decision-errors.ts), never words.

export const DECISION_ACTIONS = {
  confirmed: "reconciliation.confirmed",
  rejected: "reconciliation.rejected",
  matched: "reconciliation.matched_by_hand",
  accepted: "reconciliation.accepted_unmatched",
  undone: "reconciliation.undone",
} as const;

const mode = z.enum(MODES);
const ref = z.string().trim().length(SINPE_REF_LENGTH);
const note = z.string().trim().max(500).optional();
const schemas = {
  confirm: z.object({ mode, matchId: z.number().int().positive(), note }),
  reject: z.object({ mode, matchId: z.number().int().positive(), note }),
  undo: z.object({ mode, matchId: z.number().int().positive(), note }),
  match: z.object({ mode, refs: z.array(ref).min(1).max(MAX_MATCH_TRANSFERS), paymentIntentId: z.string().trim().min(1).max(100), note }),
  // A transfer kept without an intent needs its reason on record ("a donation", "a deposit for …").
  accept: z.object({ mode, ref, note: z.string().trim().min(1).max(500) }),
};

class Refused extends Error {
  constructor(readonly result: DecisionResult & { ok: false }) {
    super(result.error);
  }
}
const refuse = (refusal: DecisionRefusal): never => {
  throw new Refused({ ok: false, ...refusal });
};
const pick = ({ id, state, rule, paymentIntentId, refs, decidedAt, decidedBy }: MatchRow): StandingDecision => ({ id, state, rule, paymentIntentId, refs, decidedAt, decidedBy });
const alreadyDecided = (decided: MatchRow): never => refuse({ error: "already_decided", decided: pick(decided) });

/**
 * What a decision will write, once its checks have passed. A decision first locks and checks (`plan`), then the
 * closed-period rule runs, and only then does `write` change anything: a refused decision writes nothing, not even a row
 * rolled back.
 */
type Plan = { refs: string[]; write: () => Promise<Written> };
/** The row a decision wrote and what its audit row says of it (action, before, after). */
type Written = { id: number; action: string; before: object | null; after: object };

/**
 * Runs one decision: input parsed, role checked now (not as of sign-in), all in one transaction, and in this order:
 * locks and checks, the closed-period rule (the one place it is applied), the writes, one audit row.
 */
function decision<S extends z.ZodType>(schema: S, plan: (tx: Transaction, operator: Operator, input: z.infer<S>) => Promise<Plan>, exclusive = false) {
  return async (db: Db, operator: Operator, raw: unknown): Promise<DecisionResult> => {
    if (!hasRole(operator.role, "operator")) return { ok: false, error: "forbidden" };
    const parsed = schema.safeParse(raw);
    if (!parsed.success) return { ok: false, error: "invalid_input", fields: failedFields(parsed.error.issues) };
    const input = parsed.data as z.infer<S> & { mode: Mode; note?: string };
    try {
      const matchId = await db.transaction(async (tx) => {
        await tx.execute(sql`select ${exclusive ? reconcileLock(input.mode) : reconcileLockShared(input.mode)}`);
        if (!(await actingOperator(tx, operator.id, "operator"))) refuse({ error: "forbidden" });
        const planned = await plan(tx, operator, input);
        const flag = await closedPeriodFlag(tx, input.mode, planned.refs, input.note);
        const done = await planned.write();
        await insertAudit(tx, {
          operatorId: operator.id, actor: operator.email, action: done.action, subjectType: "reconciliation_match", subjectId: String(done.id), mode: input.mode,
          before: done.before, after: { ...done.after, ...flag },
        });
        return done.id;
      });
      return { ok: true, matchId };
    } catch (error) {
      if (error instanceof Refused) return error.result;
      throw error;
    }
  };
}

/**
 * A decision about a transfer whose money moved inside a closed period (/reconciliation/close) needs a note, and its
 * audit row names those closures so the close page lists it as a later change. Runs after the locks (a period closing
 * now waits for them, or has committed and is seen) and before any write.
 */
async function closedPeriodFlag(tx: Transaction, mode: Mode, refs: string[], note: string | null | undefined) {
  const closed = await closedPeriodCheck(tx, mode, refs, note);
  if (closed.needsNote) refuse({ error: "closed_period", periods: closed.periods });
  return closed.periods.length > 0 ? { [CLOSED_PERIOD_FLAG]: closed.periods.map((period) => period.id) } : {};
}

/** What the audit row and the timelines show of a match. */
const summary = (m: MatchRow, extra: object = {}) => ({
  matchId: m.id, state: m.state, rule: m.rule, paymentIntentId: m.paymentIntentId, transferRefs: m.refs,
  amount: m.amount, currency: m.currency, intentAmount: m.intentAmount, score: m.score, note: m.note, ...extra,
});

/** Locks what a suggestion concerns and checks it is still undecided. */
async function lockSuggestion(tx: Transaction, mode: Mode, matchId: number): Promise<MatchRow & { transfers: { ref: string; status: string | null }[] }> {
  const found = await getMatch(tx, mode, matchId);
  if (!found) return refuse({ error: "not_found", missing: "decision" });
  const transfers = await lockTransfers(tx, mode, found.refs);
  if (found.paymentIntentId) await lockIntent(tx, mode, found.paymentIntentId);
  const match = await getMatch(tx, mode, matchId);
  if (match?.state === "suggested") return Object.assign(match, { transfers });
  // Decided while we waited for the locks: this row itself, or (when a decision withdrew it) what settled its transfers.
  const standing = match && match.state !== "undone" ? match : await findStandingDecision(tx, mode, found.refs, found.paymentIntentId);
  return standing ? alreadyDecided(standing) : refuse({ error: "withdrawn" });
}

/**
 * Money to match or keep must have arrived: a transfer still `pending`, or `expired` or `canceled`, brought nothing, so
 * confirming, matching or accepting it would count money the merchant never received (the period close would show it
 * as received). The rules never suggest such a transfer; this stops a suggestion whose transfer moved on since, and a
 * hand-made decision.
 */
function mustHaveArrived(transfers: { ref: string; status: string | null }[]) {
  const waiting = transfers.filter((t) => !moneyArrived(t.status));
  if (waiting.length > 0) refuse({ error: "not_received", refs: waiting.map((t) => t.ref), status: waiting[0]!.status });
}

async function mustBeFree(tx: Transaction, mode: Mode, refs: string[], intentId: string | null) {
  const standing = await findStandingDecision(tx, mode, refs, intentId);
  if (standing) alreadyDecided(standing);
}

export const confirmSuggestion = decision(schemas.confirm, async (tx, operator, { mode, matchId, note }) => {
  const match = await lockSuggestion(tx, mode, matchId);
  mustHaveArrived(match.transfers);
  await mustBeFree(tx, mode, match.refs, match.paymentIntentId);
  return {
    refs: match.refs,
    write: async () => {
      await setMatchState(tx, mode, matchId, { state: "confirmed", by: operator.id, note: note ?? null });
      const withdrawn = await deleteMootSuggestions(tx, mode, match.refs, match.paymentIntentId);
      return { id: matchId, action: DECISION_ACTIONS.confirmed, before: summary(match), after: summary({ ...match, state: "confirmed", note: note ?? null }, { withdrawnSuggestions: withdrawn }) };
    },
  };
});

export const rejectSuggestion = decision(schemas.reject, async (tx, operator, { mode, matchId, note }) => {
  const match = await lockSuggestion(tx, mode, matchId);
  return {
    refs: match.refs,
    write: async () => {
      await setMatchState(tx, mode, matchId, { state: "rejected", by: operator.id, note: note ?? null });
      return { id: matchId, action: DECISION_ACTIONS.rejected, before: summary(match), after: summary({ ...match, state: "rejected", note: note ?? null }) };
    },
  };
});

export const matchByHand = decision(schemas.match, async (tx, operator, { mode, refs, paymentIntentId, note }) => {
  const unique = [...new Set(refs)].sort();
  const transfers = await lockTransfers(tx, mode, unique);
  if (transfers.length !== unique.length) refuse({ error: "not_found", missing: "transfer" });
  mustHaveArrived(transfers);
  const intent = (await lockIntent(tx, mode, paymentIntentId)) ?? refuse({ error: "not_found", missing: "intent" });
  if (intent.status === "canceled") refuse({ error: "intent_closed", status: intent.status });
  await mustBeFree(tx, mode, unique, paymentIntentId);
  const currency = transfers[0]!.currency;
  const total = transfers.reduce((sum, t) => sum + Number(t.amount), 0);
  if (transfers.some((t) => t.currency !== currency) || (intent.currency && intent.currency !== currency)) {
    refuse({ error: "currency_mismatch", transfers: [...new Set(transfers.map((t) => t.currency))].sort(), intent: intent.currency });
  }
  // A set must add up to the intent (the database checks it too); one transfer may differ, and the difference is kept in view.
  if (unique.length > 1 && total !== intent.amount) {
    const difference = intent.amount === null ? null : total - intent.amount;
    refuse({ error: "amount_mismatch", total, intentAmount: intent.amount, difference, currency, count: unique.length });
  }
  const reasons: Reason[] = [{ code: "matched_by_hand" }];
  if (intent.amount !== null) {
    reasons.push(total === intent.amount ? { code: "same_amount", amount: total, currency } : { code: "amount_difference", difference: total - intent.amount, currency });
  }
  const transferAt = new Date(Math.max(...transfers.map((t) => new Date(t.paidAt).getTime())));
  return {
    refs: unique,
    write: async () => {
      const id = await insertDecision(tx, mode, { state: "confirmed", paymentIntentId, refs: unique, amount: total, currency, intentAmount: intent.amount, reasons, transferAt, by: operator.id, note: note ?? null });
      const withdrawn = await deleteMootSuggestions(tx, mode, unique, paymentIntentId);
      const match = (await getMatch(tx, mode, id))!;
      return { id, action: DECISION_ACTIONS.matched, before: { state: "unmatched", transferRefs: unique }, after: summary(match, { withdrawnSuggestions: withdrawn }) };
    },
  };
});

export const acceptWithoutMatch = decision(schemas.accept, async (tx, operator, { mode, ref: transferRef, note }) => {
  const [transfer] = await lockTransfers(tx, mode, [transferRef]);
  if (!transfer) refuse({ error: "not_found", missing: "transfer" });
  mustHaveArrived([transfer!]);
  await mustBeFree(tx, mode, [transferRef], null);
  return {
    refs: [transferRef],
    write: async () => {
      const id = await insertDecision(tx, mode, {
        state: "accepted_unmatched", paymentIntentId: null, refs: [transferRef], amount: Number(transfer!.amount), currency: transfer!.currency,
        intentAmount: null, reasons: [], transferAt: new Date(transfer!.paidAt), by: operator.id, note,
      });
      const withdrawn = await deleteMootSuggestions(tx, mode, [transferRef], null);
      const match = (await getMatch(tx, mode, id))!;
      return { id, action: DECISION_ACTIONS.accepted, before: { state: "unmatched", transferRefs: [transferRef] }, after: summary(match, { withdrawnSuggestions: withdrawn }) };
    },
  };
});

/**
 * Undoes a confirmation, rejection or acceptance: the row stays (state `undone`, with what it was), and the rules run
 * again for its transfers and intent in the same transaction, so what the decision had set aside is suggested again.
 * A service link (rule 1) is the service's record, not an operator's, and cannot be undone here. Exclusive lock: the
 * rules' pass inside needs it, and taking it up front keeps two undos from deadlocking on the upgrade.
 */
export const undoDecision = decision(
  schemas.undo,
  async (tx, operator, { mode, matchId, note }) => {
    const found = (await getMatch(tx, mode, matchId)) ?? refuse({ error: "not_found", missing: "decision" });
    await lockTransfers(tx, mode, found.refs);
    if (found.paymentIntentId) await lockIntent(tx, mode, found.paymentIntentId);
    const match = (await getMatch(tx, mode, matchId))!;
    if (match.rule === "linked_by_service") refuse({ error: "not_undoable", why: "linked_by_service", state: match.state });
    if (match.state === "undone") alreadyDecided(match);
    if (!["confirmed", "rejected", "accepted_unmatched"].includes(match.state)) refuse({ error: "not_undoable", why: "state", state: match.state });
    return {
      refs: match.refs,
      write: async () => {
        await setMatchState(tx, mode, matchId, { state: "undone", by: operator.id, note: note ?? null, undo: true });
        await runReconciliation(tx, mode, { refs: match.refs, intentIds: match.paymentIntentId ? [match.paymentIntentId] : [] });
        return { id: matchId, action: DECISION_ACTIONS.undone, before: summary(match), after: summary({ ...match, state: "undone" }, { undoneState: match.state, undoNote: note ?? null }) };
      },
    };
  },
  true,
);


