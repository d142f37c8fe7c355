import "server-only";
import { z } from "zod";
import type { Db } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import { getOperatorById } from "@/db/queries/operators";
import { getRenewalFailure } from "@/db/queries/renewal-failures";
import { upsertFollowUp } from "@/db/queries/renewal-follow-ups";
import type { Operator } from "@/db/schema";
import { hasRole } from "@/lib/auth/roles";
import { isCalendarDay } from "@/lib/calendar-day";
import type { Mode } from "@/lib/env-schema";
import { FOLLOW_UP_FIELDS, type FollowUpField, type FollowUpResult } from "./follow-up-result";
import { CONTACT_KINDS, FOLLOW_UP_ACTIONS, isAssignable } from "./states";

// The three follow-up writes on a failed renewal. Each checks the role again (whatever called it), parses its input
// with zod, and writes the follow-up row and its audit row in one transaction; the audit row is filed under the
// subscription, so the subscription's timeline shows it (db/queries/timeline.ts reads the audit log there).

export const NOTE_MAX = 1000;

const failureId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
// A promised day within the years a day may have (lib/calendar-day: 0000-01-01 is no PostgreSQL date).
const day = z.string().refine(isCalendarDay);

export const followUpSchemas = {
  assign: z.strictObject({ failureId, operatorId: z.uuid().nullable() }),
  contact: z.strictObject({ failureId, kind: z.enum(CONTACT_KINDS), note: z.string().trim().max(NOTE_MAX).transform((note) => note || null) }),
  promise: z.strictObject({ failureId, promisedBy: day.nullable() }),
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
  const data = parsed.data as z.infer<(typeof followUpSchemas)["assign"]> & z.infer<(typeof followUpSchemas)["contact"]> & z.infer<(typeof followUpSchemas)["promise"]>;

  return db.transaction(async (tx) => {
    const failure = await getRenewalFailure(tx, { mode, id: data.failureId });
    if (!failure) return { ok: false, error: "not_found" } as const;
    const subject = { failureId: failure.id, periodStart: failure.periodStart.toISOString() };
    const audit = (action: string, before: object | null, after: object) =>
      insertAudit(tx, { operatorId: actor.id, actor: actor.email, action, subjectType: "subscription", subjectId: failure.subscriptionId, mode, before, after: { ...subject, ...after } });

    if (kind === "assign") {
      const assignee = data.operatorId ? await getOperatorById(tx, data.operatorId) : null;
      if (data.operatorId && (!assignee || assignee.disabled)) return { ok: false, error: "unknown_operator" } as const;
      // A viewer (a forged call: the picker does not list them) cannot act on the failure they would be given.
      if (assignee && !isAssignable(assignee)) return { ok: false, error: "not_assignable" } as const;
      await upsertFollowUp(tx, { failureId: failure.id, mode, patch: { assignedTo: assignee?.id ?? null } });
      await audit(FOLLOW_UP_ACTIONS.assigned, { assignedTo: failure.assignedTo }, { assignedTo: assignee?.id ?? null, assigneeName: assignee?.name ?? null });
    } else if (kind === "contact") {
      await upsertFollowUp(tx, { failureId: failure.id, mode, patch: { lastContactKind: data.kind, lastContactNote: data.note, lastContactAt: new Date() } });
      await audit(FOLLOW_UP_ACTIONS.contacted, null, { contact: data.kind, note: data.note });
    } else {
      await upsertFollowUp(tx, { failureId: failure.id, mode, patch: { promisedBy: data.promisedBy } });
      await audit(FOLLOW_UP_ACTIONS.promised, { promisedBy: failure.promisedBy }, { promisedBy: data.promisedBy });
    }
    return { ok: true } as const;
  });
}
