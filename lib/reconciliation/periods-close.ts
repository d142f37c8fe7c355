import "server-only";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database, Transaction } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import { reconcileLock } from "@/db/queries/reconciliation";
import { closuresHolding, getClosureForUpdate, insertClosure, markReopened, periodFigures } from "@/db/queries/reconciliation-close";
import { actingOperator } from "@/db/queries/operators";
import type { Operator } from "@/db/schema";
import { hasRole } from "@/lib/auth/roles";
import { MODES, type Mode } from "@/lib/env-schema";
import { failedFields, type ClosedPeriod } from "./decision-errors";
import { periodOf, periodParamsSchema } from "./periods";

// Closing a reconciliation period and reopening it: admins only (the role read again inside the transaction, not as of
// sign-in), one audit row each. Closing takes the mode's reconciliation lock exclusively, so no decision commits between
// the figures it records and the closure: a decision waiting on the lock then sees the period closed.

export type CloseError = "forbidden" | "invalid_input" | "already_closed" | "not_found" | "not_closed";
/** A refusal is a code (and, for invalid input, the fields at fault): the words are the catalogs' (reconciliationClose.actions.errors). */
export type CloseResult = { ok: true; closureId: number } | { ok: false; error: Exclude<CloseError, "invalid_input"> } | { ok: false; error: "invalid_input"; fields: string[] };

export const CLOSE_ACTIONS = { closed: "reconciliation.period_closed", reopened: "reconciliation.period_reopened" } as const;

const closeSchema = periodParamsSchema.extend({ mode: z.enum(MODES) });
const reopenSchema = z.object({
  mode: z.enum(MODES),
  closureId: z.number().int().positive(),
  // A reopening needs its reason.
  note: z.string().trim().min(1).max(500),
});

const invalid = (error: z.ZodError): CloseResult => ({ ok: false, error: "invalid_input", fields: failedFields(error.issues) });

async function asAdmin(tx: Transaction, operator: Operator): Promise<boolean> {
  return (await actingOperator(tx, operator.id, "admin")) !== null;
}

export async function closePeriod(db: Database, operator: Operator, raw: unknown, timeZone: string): Promise<CloseResult> {
  if (!hasRole(operator.role, "admin")) return { ok: false, error: "forbidden" };
  const parsed = closeSchema.safeParse(raw);
  if (!parsed.success) return invalid(parsed.error);
  const { mode, kind, date, currency } = parsed.data;
  const period = periodOf(kind, date, timeZone);
  return db.transaction(async (tx): Promise<CloseResult> => {
    await tx.execute(sql`select ${reconcileLock(mode)}`);
    if (!(await asAdmin(tx, operator))) return { ok: false, error: "forbidden" };
    const figures = await periodFigures(tx, { mode, currency, start: period.start, end: period.end });
    const id = await insertClosure(tx, { mode, currency, period, timeZone, figures, by: operator.id });
    if (id === null) return { ok: false, error: "already_closed" };
    await insertAudit(tx, {
      operatorId: operator.id, actor: operator.email, action: CLOSE_ACTIONS.closed, subjectType: "reconciliation_closure", subjectId: String(id), mode,
      before: null, after: { kind, from: period.from, to: period.to, currency, timeZone, figures },
    });
    return { ok: true, closureId: id };
  });
}

export async function reopenPeriod(db: Database, operator: Operator, raw: unknown): Promise<CloseResult> {
  if (!hasRole(operator.role, "admin")) return { ok: false, error: "forbidden" };
  const parsed = reopenSchema.safeParse(raw);
  if (!parsed.success) return invalid(parsed.error);
  const { mode, closureId, note } = parsed.data;
  return db.transaction(async (tx): Promise<CloseResult> => {
    await tx.execute(sql`select ${reconcileLock(mode)}`);
    if (!(await asAdmin(tx, operator))) return { ok: false, error: "forbidden" };
    const closure = await getClosureForUpdate(tx, mode, closureId);
    if (!closure) return { ok: false, error: "not_found" };
    if (closure.reopenedAt) return { ok: false, error: "not_closed" };
    await markReopened(tx, mode, closureId, operator.id, note);
    await insertAudit(tx, {
      operatorId: operator.id, actor: operator.email, action: CLOSE_ACTIONS.reopened, subjectType: "reconciliation_closure", subjectId: String(closureId), mode,
      before: { kind: closure.kind, from: closure.fromDay, to: closure.toDay, currency: closure.currency, closedAt: closure.closedAt.toISOString(), closedBy: closure.closedBy.email },
      after: { reopened: true, note },
    });
    return { ok: true, closureId };
  });
}

/**
 * The closed-period rule of a decision: a decision about a transfer whose money moved inside a closed period needs a
 * note. Returns the closed periods holding these transfers (to flag the audit row with, or to name in the refusal) and
 * whether the note is missing.
 */
export async function closedPeriodCheck(tx: Transaction, mode: Mode, refs: string[], note: string | null | undefined): Promise<{ periods: ClosedPeriod[]; needsNote: boolean }> {
  const periods = await closuresHolding(tx, mode, refs);
  return { periods, needsNote: periods.length > 0 && !note?.trim() };
}
