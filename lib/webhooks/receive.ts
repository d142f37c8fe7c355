import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import postgres from "postgres";
import type { Database } from "@/db";
import type { Mode } from "@/lib/env-schema";
import { interpretDelivery, type Interpretation } from "./interpret";
import { HANDLERS, type Handlers } from "./registry";

export type EventStatus = "processed" | "invalid" | "unrecognized" | "failed";
export type ReceiveResult = { id: number; status: EventStatus; duplicate: boolean };
type Valid = Extract<Interpretation, { status: "processed" }>;

const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND", "EPIPE", "CONNECT_TIMEOUT", "CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED"]);

/**
 * A failure a retry can fix (database unreachable, shutting down, out of connections, a deadlock): answer 503. Any
 * other failure is the event's or the code's, and a retry would fail the same way: store the event as failed.
 */
export function isTransient(error: unknown): boolean {
  // Drizzle wraps the driver's error ("Failed query: …"); the cause says what happened.
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (cause && cause !== error && isTransient(cause)) return true;
  if (error instanceof postgres.PostgresError) return /^(08|53|57)/.test(error.code) || error.code === "40001" || error.code === "40P01";
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && NETWORK_CODES.has(code);
}

/**
 * The rest of the statement after `ev(id, inserted)`: the event's subjects (for timelines) and its handler's
 * projection, each a data-modifying CTE that does nothing unless the event was just stored.
 */
export function applyCtes(valid: Valid, mode: Mode, receivedAt: Date): SQL {
  const occurredAt = valid.occurredAt ?? receivedAt.toISOString();
  const parts: SQL[] = [];
  if (valid.subjects.length > 0) {
    const rows = sql.join(valid.subjects.map((s) => sql`(${s.type}, ${s.id})`), sql`, `);
    parts.push(sql`subjects as (insert into event_subjects (event_id, mode, subject_type, subject_id, occurred_at)
      select ev.id, ${mode}::mode, s.t, s.i, ${occurredAt}::timestamptz from ev, (values ${rows}) as s(t, i)
      where ev.inserted)`);
  }
  parts.push(sql`projection as (${valid.handler.projection(valid.event.data as never, { mode, receivedAt })})`);
  return sql.join(parts, sql`, `);
}

const dialect = new PgDialect();

/**
 * Runs a statement as a prepared statement (the ingestion statements come in a handful of shapes, so PostgreSQL plans
 * each shape once per connection), first taking the handler's lock (if any) in the same transaction.
 *
 * A locked statement is BEGIN, the lock, the statement and COMMIT sent together on one connection (pipelined): one
 * round trip instead of four, yet the statement still starts only once the lock is held, with a snapshot that sees
 * whatever the lock's previous holder committed. Each has its own Sync, so a failing statement leaves COMMIT to end
 * the aborted transaction as a ROLLBACK before the connection goes back to the pool.
 */
export async function runLocked<T>(db: Database, lockKey: string | undefined, statement: SQL): Promise<T[]> {
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

// PostgreSQL's text type cannot hold NUL: such a body is kept with the NULs written out.
const storable = (rawBody: string) => rawBody.replaceAll("\u0000", "\\u0000");

function storeCte(row: { mode: Mode; type: string | null; dedupeKey: string; status: EventStatus; error: string | null; rawBody: string; payloadJson: string | null; receivedAt: Date }): SQL {
  const at = row.receivedAt.toISOString();
  // xmax is 0 only on a freshly inserted row: it tells a new event from a re-delivery without another round trip.
  return sql`ev as (insert into webhook_events (mode, type, dedupe_key, status, error, raw_body, payload, received_at, processed_at)
    values (${row.mode}::mode, ${row.type}, ${row.dedupeKey}, ${row.status}::webhook_event_status, ${row.error}, ${storable(row.rawBody)},
      ${row.payloadJson}::jsonb, ${at}::timestamptz, ${row.status === "processed" ? at : null}::timestamptz)
    on conflict (mode, dedupe_key) do update set duplicate_count = webhook_events.duplicate_count + 1, last_duplicate_at = excluded.received_at
    returning id, status, (xmax = 0) as inserted)`;
}

/** The database's own words when there are some (the wrapper's message repeats the whole statement). */
export function describe(error: unknown): string {
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (cause instanceof Error) return cause.message;
  return error instanceof Error ? error.message : String(error);
}

type Row = { id: string | number; status: EventStatus; inserted: boolean };
const result = (row: Row | undefined): ReceiveResult => ({ id: Number(row!.id), status: row!.status, duplicate: !row!.inserted });

/**
 * Stores one authenticated delivery and projects it in ONE statement: the event row, its subjects and the read models
 * commit together or not at all, in one round trip. A projection that fails (a bug, data the database refuses) leaves
 * nothing behind, and the event is then stored on its own with status "failed", to be re-processed after a fix. A
 * database that cannot be reached throws, so the route answers 503 and the sender retries.
 */
export async function receiveDelivery(
  db: Database,
  mode: Mode,
  rawBody: string,
  { receivedAt = new Date(), handlers = HANDLERS }: { receivedAt?: Date; handlers?: Handlers } = {},
): Promise<ReceiveResult> {
  const interpretation = interpretDelivery(mode, rawBody, handlers);
  const row = {
    mode,
    type: interpretation.type,
    dedupeKey: interpretation.dedupeKey,
    rawBody,
    // The raw body is the JSON text itself: no need to serialise the parsed payload again.
    payloadJson: interpretation.payload === null ? null : rawBody,
    receivedAt,
  };
  const store = (status: EventStatus, error: string | null) => storeCte({ ...row, status, error });
  // The event on its own, without projection. Should the database refuse its payload (jsonb has limits JSON.parse
  // does not), it is stored once more as raw text with the reason: a retry would be refused the same way.
  const storeAlone = async (status: EventStatus, error: string | null) => {
    try {
      return result((await runLocked<Row>(db, undefined, sql`with ${store(status, error)} select id, status, inserted from ev`))[0]);
    } catch (refused) {
      if (isTransient(refused) || row.payloadJson === null) throw refused;
      const reason = `${error ? `${error}; ` : ""}payload not storable as jsonb: ${describe(refused)}`;
      const alone = storeCte({ ...row, payloadJson: null, status, error: reason });
      return result((await runLocked<Row>(db, undefined, sql`with ${alone} select id, status, inserted from ev`))[0]);
    }
  };

  if (interpretation.status !== "processed") return storeAlone(interpretation.status, interpretation.error);
  try {
    const statement = sql`with ${store("processed", null)}, ${applyCtes(interpretation, mode, receivedAt)} select id, status, inserted from ev`;
    const rows = await runLocked<Row>(db, interpretation.handler.lockKey?.(interpretation.event.data as never), statement);
    return result(rows[0]);
  } catch (error) {
    if (isTransient(error)) throw error;
    return storeAlone("failed", `projection failed: ${describe(error)}`);
  }
}
