import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Mode } from "@/lib/env-schema";
import type { Db } from "../index";
import { eventSubjects, webhookEvents, type SUBJECT_TYPES } from "../schema";

export type TimelineSubject = { mode: Mode; type: (typeof SUBJECT_TYPES)[number]; id: string };

const data = sql`(${webhookEvents.payload}->'data')`;

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
      amount: sql<string | null>`coalesce(${data}->>'amount', ${data}->>'total', ${data}->>'amountTotal')`,
      currency: sql<string | null>`${data}->>'currency'`,
      eventStatus: sql<string | null>`coalesce(${data}->>'invoiceStatus', ${data}->>'status', ${data}->>'paymentStatus')`,
      errorCode: sql<string | null>`${data}->'error'->>'code'`,
      errorMessage: sql<string | null>`${data}->'error'->>'message'`,
      attemptCount: sql<string | null>`${data}->>'attemptCount'`,
      nextAttempt: sql<string | null>`nullif(${data}->>'nextPaymentAttempt', '')`,
      counterparty: sql<string | null>`coalesce(${data}->>'originName', ${data}->'customer'->>'name')`,
      reference: sql<string | null>`coalesce(${data}->>'SINPERefNumber', ${data}->>'id', ${data}->>'paymentIntentId')`,
    })
    .from(eventSubjects)
    .innerJoin(webhookEvents, eq(webhookEvents.id, eventSubjects.eventId))
    .where(and(eq(eventSubjects.mode, subject.mode), eq(eventSubjects.subjectType, subject.type), eq(eventSubjects.subjectId, subject.id)))
    .orderBy(asc(eventSubjects.occurredAt), asc(eventSubjects.eventId))
    .limit(limit);
}

export async function getTimeline(db: Db, subject: TimelineSubject, options: { limit?: number } = {}) {
  return timelineQuery(db, subject, options);
}

export type TimelineEntry = Awaited<ReturnType<typeof getTimeline>>[number];
