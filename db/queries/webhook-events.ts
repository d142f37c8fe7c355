import "server-only";
import { and, eq, getTableColumns, gte, lt, sql, type SQL } from "drizzle-orm";
import type { Mode } from "@/lib/env-schema";
import type { EventStatus } from "@/lib/webhooks/event-status";
import type { Db } from "../index";
import { eventSubjects, SUBJECT_TYPES, webhookEvents } from "../schema";
import { SUMMARY_COLUMNS } from "./event-summary";
import { keyset, rowIdCursor, type KeysetPage } from "./keyset";
import type { Subject } from "./webhook-ingest";

export type EventFilters = {
  mode: Mode;
  type?: string;
  status?: EventStatus;
  /** Any object the event concerns: an intent, customer or subscription id, a SINPE reference, a checkout URL. */
  subjectId?: string;
  receivedFrom?: Date;
  receivedBefore?: Date;
};

function where(filters: EventFilters): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(webhookEvents.mode, filters.mode),
    filters.type ? eq(webhookEvents.type, filters.type) : undefined,
    filters.status ? eq(webhookEvents.status, filters.status) : undefined,
    filters.receivedFrom ? gte(webhookEvents.receivedAt, filters.receivedFrom) : undefined,
    filters.receivedBefore ? lt(webhookEvents.receivedAt, filters.receivedBefore) : undefined,
    filters.subjectId
      ? // An id names one object whatever its type; listing the types lets the timeline index answer.
        sql`${webhookEvents.id} in (select ${eventSubjects.eventId} from ${eventSubjects} where ${eventSubjects.mode} = ${filters.mode}
          and ${eventSubjects.subjectType} in (${sql.join(SUBJECT_TYPES.map((type) => sql`${type}`), sql`, `)}) and ${eventSubjects.subjectId} = ${filters.subjectId})`
      : undefined,
  ];
  return and(...conditions.filter((c): c is SQL => !!c))!;
}

/** The events console's pages: newest first, keyset on the id (ids grow with arrival). */
export const eventPages = keyset({ key: [webhookEvents.id], boundary: (id: number) => sql`${id}`, cursor: rowIdCursor });

/** One page of `limit`: `after` pages toward older events, `before` back toward newer ones; plus whether more lie beyond. */
export function listEvents(db: Db, filters: EventFilters, page: KeysetPage<number>) {
  return eventPages.read(page, ({ where: past, orderBy, limit }) =>
    db
      .select({
        id: webhookEvents.id,
        type: webhookEvents.type,
        status: webhookEvents.status,
        error: webhookEvents.error,
        receivedAt: webhookEvents.receivedAt,
        duplicateCount: webhookEvents.duplicateCount,
        // As each type's summary declares them (lib/webhooks/handlers/<type>.ts).
        subject: SUMMARY_COLUMNS.subject,
        amount: SUMMARY_COLUMNS.amount,
        currency: SUMMARY_COLUMNS.currency,
      })
      .from(webhookEvents)
      .where(and(where(filters), past))
      .orderBy(...orderBy)
      .limit(limit),
  );
}

export async function countEvents(db: Db, filters: EventFilters): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(webhookEvents).where(where(filters));
  return row?.n ?? 0;
}

export async function getEvent(db: Db, mode: Mode, id: number) {
  // With the amount and currency the console's row shows, read by the paths its type declares (event-summary.ts).
  const [event] = await db
    .select({ ...getTableColumns(webhookEvents), amount: SUMMARY_COLUMNS.amount, currency: SUMMARY_COLUMNS.currency })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.mode, mode), eq(webhookEvents.id, id)));
  return event;
}

/**
 * Which of `candidates` (the subjects the event's body names, from its handler) are linked to the event. Asked by
 * subject rather than by event id: the one index on event_subjects leads with the subject, and an index on event_id
 * would be one more write per subject on every delivery, for a page an operator opens now and then.
 */
export async function getLinkedSubjects(db: Db, { mode, eventId, candidates }: { mode: Mode; eventId: number; candidates: Subject[] }) {
  if (candidates.length === 0) return [];
  const keys = sql.join(
    candidates.map((subject) => sql`(${subject.type}, ${subject.id})`),
    sql`, `,
  );
  return db
    .select({ type: eventSubjects.subjectType, id: eventSubjects.subjectId, occurredAt: eventSubjects.occurredAt })
    .from(eventSubjects)
    .where(and(eq(eventSubjects.mode, mode), sql`(${eventSubjects.subjectType}, ${eventSubjects.subjectId}) in (${keys})`, eq(eventSubjects.eventId, eventId)));
}
