import { reconciliationHistory, type ReconciliationHistoryEntry } from "./reconciliation-queues";
import "server-only";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Mode } from "@/lib/env-schema";
import type { Db } from "../index";
import { RETRYING_TYPES, SUMMARY_COLUMNS } from "./event-summary";
import { auditLog, eventSubjects, operators, webhookEvents, type SUBJECT_TYPES } from "../schema";

export type TimelineSubject = { mode: Mode; type: (typeof SUBJECT_TYPES)[number]; id: string };

/**
 * An object's events in the order they happened (by the events' own times, then arrival). Only the fields a summary
 * line needs leave the database, so a long history stays cheap; the full payload is one click away in the console.
 * Served by event_subjects_timeline_idx: (mode, subject_type, subject_id, occurred_at, event_id).
 */
export function timelineQuery(db: Db, subject: TimelineSubject, { limit = 500 }: { limit?: number } = {}) {
  return db
    .select({
      id: webhookEvents.id,
      type: webhookEvents.type,
      status: webhookEvents.status,
      error: webhookEvents.error,
      occurredAt: eventSubjects.occurredAt,
      receivedAt: webhookEvents.receivedAt,
      duplicateCount: webhookEvents.duplicateCount,
      // What the type declares its summary shows (lib/webhooks/handlers/<type>.ts): no guessing among field names.
      ...SUMMARY_COLUMNS,
    })
    .from(eventSubjects)
    .innerJoin(webhookEvents, eq(webhookEvents.id, eventSubjects.eventId))
    .where(and(eq(eventSubjects.mode, subject.mode), eq(eventSubjects.subjectType, subject.type), eq(eventSubjects.subjectId, subject.id)))
    .orderBy(asc(eventSubjects.occurredAt), asc(eventSubjects.eventId))
    .limit(limit);
}

export async function getTimeline(db: Db, subject: TimelineSubject, options: { limit?: number } = {}) {
  const events = await timelineQuery(db, subject, options);
  // Whether the line says when the service tries again (or that it will not): the type's summary declares it.
  return events.map((event) => ({ ...event, retries: event.type !== null && RETRYING_TYPES.has(event.type) }));
}

export type TimelineEntry = Awaited<ReturnType<typeof getTimeline>>[number];

const after = sql`${auditLog.after}`;

/**
 * What operators did to the object (a refund, say), from the audit log: the service sends no event for these, so this
 * app's own record is the only history of them. The latest `limit`, oldest first. Served by audit_log_subject_idx:
 * (subject_type, subject_id, at desc).
 */
export function operatorActionsQuery(db: Db, subject: TimelineSubject, { limit = 100 }: { limit?: number } = {}) {
  // A customer's history also holds what operators did to their payments (refunds) and subscriptions (a failed
  // renewal's follow-up), each naming what it was about; those objects' own pages show them as before.
  const about =
    subject.type === "customer"
      ? sql`(${auditLog.subjectType} = 'payment_intent' and ${auditLog.subjectId} = any(array(select p.id from payment_intents p where p.mode = ${subject.mode} and p.customer_id = ${subject.id})))
          or (${auditLog.subjectType} = 'subscription' and ${auditLog.subjectId} = any(array(select s.id from subscriptions s where s.mode = ${subject.mode} and s.customer_id = ${subject.id})))`
      : null;
  const own = and(eq(auditLog.subjectType, subject.type), eq(auditLog.subjectId, subject.id));
  return db
    .select({
      id: auditLog.id,
      subjectType: auditLog.subjectType,
      subjectId: auditLog.subjectId,
      action: auditLog.action,
      at: auditLog.at,
      actor: auditLog.actor,
      operatorName: operators.name,
      amount: sql<string | null>`${after}->>'amount'`,
      currency: sql<string | null>`${after}->>'currency'`,
      reason: sql<string | null>`${after}->>'reason'`,
      reference: sql<string | null>`${after}->>'refundId'`,
      errorCode: sql<string | null>`coalesce(${after}->'error'->>'code', ${after}->'error'->>'kind')`,
      // A failed renewal's follow-up (lib/renewals/follow-up.ts): whom it was given to, the contact, the promise.
      assigneeName: sql<string | null>`${after}->>'assigneeName'`,
      contact: sql<string | null>`${after}->>'contact'`,
      note: sql<string | null>`${after}->>'note'`,
      promisedBy: sql<string | null>`${after}->>'promisedBy'`,
      periodStart: sql<string | null>`${after}->>'periodStart'`,
    })
    .from(auditLog)
    .leftJoin(operators, eq(operators.id, auditLog.operatorId))
    .where(and(about ? sql`(${own} or ${about})` : own, eq(auditLog.mode, subject.mode)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
}

export type OperatorAction = Awaited<ReturnType<typeof operatorActionsQuery>>[number];

export type HistoryEntry = ({ kind: "event" } & TimelineEntry) | ({ kind: "operator" } & OperatorAction);

const timeOf = (entry: HistoryEntry) => (entry.kind === "event" ? entry.occurredAt : entry.at).getTime();

/**
 * A reconciliation decision about the transfer or intent (its audit row is about the match) as an operator action on
 * it: the money, the other side of the match, and the operator's note.
 */
function decisionAsAction(decision: ReconciliationHistoryEntry, subject: TimelineSubject): OperatorAction {
  const after = (decision.after ?? {}) as { amount?: unknown; currency?: unknown; note?: unknown; undoNote?: unknown; paymentIntentId?: unknown; transferRefs?: unknown };
  const before = (decision.before ?? {}) as typeof after;
  const text = (value: unknown) => (typeof value === "string" && value.length > 0 ? value : null);
  const refs = Array.isArray(after.transferRefs) ? after.transferRefs.filter((ref): ref is string => typeof ref === "string") : [];
  const reference = subject.type === "transfer" ? text(after.paymentIntentId) ?? text(before.paymentIntentId) : refs.join(" + ") || null;
  return {
    id: decision.id,
    subjectType: subject.type,
    subjectId: subject.id,
    action: decision.action,
    at: decision.at,
    actor: decision.actor,
    operatorName: decision.operatorName,
    amount: typeof after.amount === "number" ? String(after.amount) : null,
    currency: text(after.currency),
    reason: text(after.undoNote) ?? text(after.note),
    reference,
    errorCode: null,
    assigneeName: null,
    contact: null,
    note: null,
    promisedBy: null,
    periodStart: null,
  };
}

/**
 * The object's whole history: the service's events and this app's operator actions, in time order (an event first
 * when both carry the same instant). Two index-backed reads side by side rather than one query over both tables.
 */
export async function getHistory(db: Db, subject: TimelineSubject, options: { limit?: number } = {}): Promise<HistoryEntry[]> {
  const [events, actions, decisions] = await Promise.all([getTimeline(db, subject, options), operatorActionsQuery(db, subject), reconciliationHistory(db, subject)]);
  const entries: HistoryEntry[] = [
    ...events.map((event) => ({ kind: "event" as const, ...event })),
    ...[...actions.reverse(), ...decisions.map((decision) => decisionAsAction(decision, subject))].map((action) => ({ kind: "operator" as const, ...action })),
  ];
  // Stable: each list is already in order, so ties keep events before actions.
  return entries.sort((a, b) => timeOf(a) - timeOf(b));
}
