import "server-only";
import { and, eq, ne, sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Mode } from "@/lib/env-schema";
import type { EventStatus } from "@/lib/webhooks/event-status";
import type { Database, Transaction } from "../index";
import { eventSubjects, modeEnum, SUBJECT_TYPES, webhookEventStatus, webhookEvents } from "../schema";
import { column, enumType, excluded, frozen, name, names, table } from "../sql-names";

// The webhook write path: storing a delivery, linking it to its subjects and projecting it, as ONE statement. The
// receiver (lib/webhooks/receive.ts) and re-processing (lib/webhooks/reprocess.ts) both write through here.

export type SubjectType = (typeof SUBJECT_TYPES)[number];
export type Subject = { type: SubjectType; id: string };

/**
 * The stored event, as the statement's first CTE: a projection reads `ev.id` and does nothing unless `ev.inserted`
 * (a re-delivery changes no read model). Projections name it through this, never by hand.
 */
export const ev = { cte: sql.raw("ev"), id: sql.raw("ev.id"), inserted: sql.raw("ev.inserted") } as const;

/** What a valid event adds to its own row: its subjects (for timelines) and its type's projection. */
export type EventEffects = {
  subjects: Subject[];
  /** When it happened by the event's own account; null: the receive time. Orders the timelines. */
  occurredAt: string | null;
  /** A data-modifying statement reading `ev` (see above). */
  projection: SQL;
  /** Serialises events that read each other's rows (a renewal's failure and its recovery). */
  lockKey?: string;
};

export type DeliveryRow = {
  mode: Mode;
  type: string | null;
  dedupeKey: string;
  status: EventStatus;
  error: string | null;
  rawBody: string;
  /** The payload as JSON text for the jsonb column, or null to keep the raw body only. */
  payloadJson: string | null;
  receivedAt: Date;
};

export type StoredRow = { id: number; status: EventStatus; inserted: boolean };

const modeType = enumType(modeEnum);
const statusType = enumType(webhookEventStatus);

// PostgreSQL's text type cannot hold NUL: such a body is kept with the NULs written out.
const storable = (rawBody: string) => rawBody.replaceAll("\u0000", "\\u0000");

// The statements' fixed parts, rendered once (they are built on every delivery).
const w = webhookEvents;
const STORE = frozen(sql`${ev.cte} as (insert into ${table(w)} (${names(w.mode, w.type, w.dedupeKey, w.status, w.error, w.rawBody, w.payload, w.receivedAt, w.processedAt)})`);
// xmax is 0 only on a freshly inserted row: it tells a new event from a re-delivery without another round trip.
const STORE_CONFLICT = frozen(sql`on conflict (${names(w.mode, w.dedupeKey)}) do update set ${name(w.duplicateCount)} = ${column(w.duplicateCount)} + 1, ${name(w.lastDuplicateAt)} = ${excluded(w.receivedAt)}
    returning ${name(w.id)}, ${name(w.status)}, (xmax = 0) as inserted)`);
const s = eventSubjects;
const SUBJECTS = frozen(sql`subjects as (insert into ${table(s)} (${names(s.eventId, s.mode, s.subjectType, s.subjectId, s.occurredAt)})`);
const SELECT_STORED = frozen(sql`select ${name(w.id)}, ${name(w.status)}, inserted from ${ev.cte}`);

function storeCte(row: DeliveryRow): SQL {
  const at = row.receivedAt.toISOString();
  return sql`${STORE}
    values (${row.mode}::${modeType}, ${row.type}, ${row.dedupeKey}, ${row.status}::${statusType}, ${row.error}, ${storable(row.rawBody)},
      ${row.payloadJson}::jsonb, ${at}::timestamptz, ${row.status === "processed" ? at : null}::timestamptz)
    ${STORE_CONFLICT}`;
}

/** The CTEs after `ev`: the subjects, then the projection, each doing nothing unless the event was just stored. */
function effectCtes(effects: EventEffects, mode: Mode, receivedAt: Date): SQL {
  const occurredAt = effects.occurredAt ?? receivedAt.toISOString();
  const parts: SQL[] = [];
  if (effects.subjects.length > 0) {
    const rows = sql.join(effects.subjects.map((subject) => sql`(${subject.type}, ${subject.id})`), sql`, `);
    parts.push(sql`${SUBJECTS}
      select ${ev.id}, ${mode}::${modeType}, s.t, s.i, ${occurredAt}::timestamptz from ${ev.cte}, (values ${rows}) as s(t, i)
      where ${ev.inserted})`);
  }
  parts.push(sql`projection as (${effects.projection})`);
  return sql.join(parts, sql`, `);
}

const dialect = new PgDialect();

/**
 * Runs a statement as a prepared statement (the ingestion statements come in a handful of shapes, so PostgreSQL plans
 * each shape once per connection), first taking the lock (if any) in the same transaction.
 *
 * A locked statement is BEGIN, the lock, the statement and COMMIT sent together on one connection (pipelined): one
 * round trip instead of four, yet the statement still starts only once the lock is held, with a snapshot that sees
 * whatever the lock's previous holder committed. Each has its own Sync, so a failing statement leaves COMMIT to end
 * the aborted transaction as a ROLLBACK before the connection goes back to the pool.
 */
async function runLocked<T>(db: Database, lockKey: string | undefined, statement: SQL): Promise<T[]> {
  const query = dialect.sqlToQuery(statement);
  const params = query.params as never[];
  const client = db.$client;
  if (!lockKey) return (await client.unsafe(query.sql, params, { prepare: true })) as unknown as T[];
  const connection = await client.reserve();
  try {
    const [begin, lock, rows, commit] = await Promise.allSettled([
      connection`begin`,
      connection`select pg_advisory_xact_lock(hashtext(${lockKey}))`,
      connection.unsafe(query.sql, params, { prepare: true }),
      connection`commit`,
    ]);
    for (const step of [begin, lock, rows, commit]) if (step.status === "rejected") throw step.reason;
    return (rows as PromiseFulfilledResult<unknown>).value as T[];
  } finally {
    connection.release();
  }
}

/**
 * Stores one delivery (a re-delivery bumps its twin's counter) and, given its effects, links and projects it in the
 * same statement: one round trip, all or nothing. Throws what the database refuses; the caller decides what that is.
 */
export async function storeDelivery(db: Database, row: DeliveryRow, effects?: EventEffects): Promise<StoredRow> {
  const rest = effects ? sql`, ${effectCtes(effects, row.mode, row.receivedAt)}` : sql``;
  const statement = sql`with ${storeCte(row)}${rest} ${SELECT_STORED}`;
  const [stored] = await runLocked<{ id: string | number; status: EventStatus; inserted: boolean }>(db, effects?.lockKey, statement);
  return { id: Number(stored!.id), status: stored!.status, inserted: stored!.inserted };
}

/**
 * Links and projects an event already stored (re-processing after a fix), inside the caller's transaction, exactly as
 * on arrival: the same CTEs, with `ev` standing for the stored row.
 */
export async function projectStoredEvent(tx: Transaction, event: { id: number; mode: Mode; receivedAt: Date }, effects: EventEffects): Promise<void> {
  if (effects.lockKey) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${effects.lockKey}))`);
  await tx.execute(sql`with ${ev.cte} as (select ${event.id}::bigint as id, true as inserted), ${effectCtes(effects, event.mode, event.receivedAt)} select 1`);
}

// Re-processing's reads and writes of the stored row, in the caller's transaction.

/** The stored event of this mode, locked until the transaction ends (two operators re-processing take turns). */
export async function lockStoredEvent(tx: Transaction, mode: Mode, id: number) {
  const [event] = await tx.select().from(webhookEvents).where(and(eq(webhookEvents.id, id), eq(webhookEvents.mode, mode))).for("update");
  return event;
}

/** Another stored event with this dedupe key: the one a re-read event turns out to repeat. */
export async function findStoredTwin(tx: Transaction, mode: Mode, dedupeKey: string, exceptId: number): Promise<number | undefined> {
  const [twin] = await tx
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.mode, mode), eq(webhookEvents.dedupeKey, dedupeKey), ne(webhookEvents.id, exceptId)));
  return twin?.id;
}

/** What re-reading the stored event found: its outcome, and, once processed, the type, key and payload it now has. */
export async function recordOutcome(
  tx: Transaction,
  id: number,
  outcome: { status: EventStatus; error: string | null },
  processed?: { type: string; dedupeKey: string; payload: unknown },
): Promise<void> {
  await tx
    .update(webhookEvents)
    .set(processed ? { ...outcome, ...processed, processedAt: new Date() } : outcome)
    .where(eq(webhookEvents.id, id));
}
