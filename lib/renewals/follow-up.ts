import "server-only";
import { z } from "zod";
import type { Db } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import { actingOperator, lockOperator } from "@/db/queries/operators";
import { getRenewalFailure } from "@/db/queries/renewal-failures";
import { closeRenewalFailure, reopenRenewalFailure } from "@/db/queries/renewal-closures";
import { upsertFollowUp } from "@/db/queries/renewal-follow-ups";
import type { Operator } from "@/db/schema";
import { hasRole } from "@/lib/auth/roles";
import { isCalendarDay } from "@/lib/calendar-day";
import type { Mode } from "@/lib/env-schema";
import { FOLLOW_UP_FIELDS, type FollowUpField, type FollowUpResult } from "./follow-up-result";
import { CLOSE_REASONS, CONTACT_KINDS, FOLLOW_UP_ACTIONS, isAssignable } from "./states";

// The follow-up writes on a failed renewal: assign, log a contact, set a promise, close it by hand and reopen it. Each
// checks the role again (whatever called it), parses its input with zod, reads the operator again inside the
// transaction and holds the row until it commits (actingOperator: disabled or demoted since the page loaded, refused and
// nothing written; an admin disabling them meanwhile waits for the write), and writes its row and its audit
// row in that transaction; the audit row is filed under the subscription, so the subscription's timeline shows it
// (db/queries/timeline.ts reads the audit log there).
//
// Closing by hand is the merchant's own record (paid by other means, cancelled, written off): the service is not told,
// so it may still retry, and if it then recovers the payment its recovery wins (db/queries/renewal-failure-state.ts)
// and the closure stays on the row as a record.

export const NOTE_MAX = 1000;

const failureId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
// A promised day within the years a day may have (lib/calendar-day: 0000-01-01 is no PostgreSQL date).
const day = z.string().refine(isCalendarDay);

export const followUpSchemas = {
  assign: z.strictObject({ failureId, operatorId: z.uuid().nullable() }),
  contact: z.strictObject({ failureId, kind: z.enum(CONTACT_KINDS), note: z.string().trim().max(NOTE_MAX).transform((note) => note || null) }),
  promise: z.strictObject({ failureId, promisedBy: day.nullable() }),
  // A closure and a reopening say why: the note is required (the check on renewal_failures holds it too).
  close: z.strictObject({ failureId, reason: z.enum(CLOSE_REASONS), note: z.string().trim().min(1).max(NOTE_MAX) }),
  reopen: z.strictObject({ failureId, note: z.string().trim().min(1).max(NOTE_MAX) }),
};

export type { FollowUpError, FollowUpResult } from "./follow-up-result";

/** The fields at fault, as codes (the dialog words them): an issue on no field of the forms is the input's. */
function failedFields(issues: readonly { path: PropertyKey[] }[]): FollowUpField[] {
  const field = (key: PropertyKey | undefined): FollowUpField => (key !== undefined && (FOLLOW_UP_FIELDS as readonly PropertyKey[]).includes(key) ? (key as FollowUpField) : "input");
  return [...new Set(issues.map((issue) => field(issue.path[0])))];
}

type Context = { db: Db; mode: Mode; actor: Pick<Operator, "id" | "email" | "role"> };
type Kind = keyof typeof followUpSchemas;

export async function recordFollowUp<K extends Kind>(context: Context, kind: K, input: unknown): Promise<FollowUpResult> {
  const { db, mode, actor } = context;
  if (!hasRole(actor.role, "operator")) return { ok: false, error: "forbidden" };
  const parsed = followUpSchemas[kind].safeParse(input);
  if (!parsed.success) return { ok: false, error: "invalid_input", fields: failedFields(parsed.error.issues) };
  const data = parsed.data as z.infer<(typeof followUpSchemas)["assign"]> &
    z.infer<(typeof followUpSchemas)["contact"]> &
    z.infer<(typeof followUpSchemas)["promise"]> &
    z.infer<(typeof followUpSchemas)["close"]>;

  return db.transaction(async (tx): Promise<FollowUpResult> => {
    const me = await actingOperator(tx, actor.id, "operator");
    if (!me) return { ok: false, error: "forbidden" } as const;
    const failure = await getRenewalFailure(tx, { mode, id: data.failureId });
    if (!failure) return { ok: false, error: "not_found" } as const;
    const subject = { failureId: failure.id, periodStart: failure.periodStart.toISOString() };
    const audit = (action: string, before: object | null, after: object) =>
      insertAudit(tx, { operatorId: actor.id, actor: actor.email, action, subjectType: "subscription", subjectId: failure.subscriptionId, mode, before, after: { ...subject, ...after } });

    if (kind === "assign") {
      const assignee = data.operatorId ? await lockOperator(tx, data.operatorId) : null;
      if (data.operatorId && (!assignee || assignee.disabled)) return { ok: false, error: "unknown_operator" } as const;
      // A viewer (a forged call: the picker does not list them) cannot act on the failure they would be given.
      if (assignee && !isAssignable(assignee)) return { ok: false, error: "not_assignable" } as const;
      await upsertFollowUp(tx, { failureId: failure.id, mode, patch: { assignedTo: assignee?.id ?? null } });
      await audit(FOLLOW_UP_ACTIONS.assigned, { assignedTo: failure.assignedTo }, { assignedTo: assignee?.id ?? null, assigneeName: assignee?.name ?? null });
    } else if (kind === "contact") {
      await upsertFollowUp(tx, { failureId: failure.id, mode, patch: { lastContactKind: data.kind, lastContactNote: data.note, lastContactAt: new Date() } });
      await audit(FOLLOW_UP_ACTIONS.contacted, null, { contact: data.kind, note: data.note });
    } else if (kind === "promise") {
      await upsertFollowUp(tx, { failureId: failure.id, mode, patch: { promisedBy: data.promisedBy } });
      await audit(FOLLOW_UP_ACTIONS.promised, { promisedBy: failure.promisedBy }, { promisedBy: data.promisedBy });
    } else if (kind === "close") {
      const closed = await closeRenewalFailure(tx, { mode, id: failure.id, closedBy: me.id, reason: data.reason, note: data.note });
      if (!closed) return { ok: false, error: failure.state === "recovered" ? "already_recovered" : "already_closed" } as const;
      await audit(FOLLOW_UP_ACTIONS.closed, { state: failure.state }, { state: closed.state, reason: data.reason, note: data.note });
    } else {
      const reopened = await reopenRenewalFailure(tx, { mode, id: failure.id });
      if (!reopened) return { ok: false, error: failure.state === "recovered" ? "already_recovered" : "not_closed" } as const;
      await audit(FOLLOW_UP_ACTIONS.reopened, { state: failure.state, reason: failure.closeReason, closeNote: failure.closeNote }, { state: reopened.state, note: data.note });
    }
    return { ok: true } as const;
  });
}
