import "server-only";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import type { Database, Db, Transaction } from "@/db";
import { eventSubjects, webhookEvents } from "@/db/schema";
import type { Mode } from "@/lib/env-schema";
import { interpretDelivery, type Interpretation } from "./interpret";
import { HANDLERS, type Handlers } from "./registry";
import type { WebhookHandler } from "./types";

const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND", "EPIPE", "CONNECT_TIMEOUT", "CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED"]);

/**
 * A failure a retry can fix (database unreachable, shutting down, out of connections, a deadlock): answer 503. Any
 * other failure is the event's or the code's, and a retry would fail the same way: store the event as failed.
 */
export function isTransient(error: unknown): boolean {
  if (error instanceof postgres.PostgresError) return /^(08|53|57)/.test(error.code) || error.code === "40001" || error.code === "40P01";
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && NETWORK_CODES.has(code);
}

export type ReceiveResult = { id: number; status: "processed" | "invalid" | "unrecognized" | "failed"; duplicate: boolean };

// PostgreSQL's text type cannot hold NUL: such a body is kept with the NULs written out.
const storable = (rawBody: string) => rawBody.replaceAll("\u0000", "\\u0000");

async function storeEvent(
  db: Db,
  row: { mode: Mode; type: string | null; dedupeKey: string; status: ReceiveResult["status"]; error: string | null; rawBody: string; payload: unknown; receivedAt: Date },
) {
  const [stored] = await db
    .insert(webhookEvents)
    .values({ ...row, rawBody: storable(row.rawBody), processedAt: row.status === "processed" ? row.receivedAt : null })
    .onConflictDoUpdate({
      target: [webhookEvents.mode, webhookEvents.dedupeKey],
      set: { duplicateCount: sql`${webhookEvents.duplicateCount} + 1`, lastDuplicateAt: row.receivedAt },
    })
    // xmax is 0 only on a freshly inserted row: it tells a new event from a re-delivery in the same round trip.
    .returning({ id: webhookEvents.id, status: webhookEvents.status, inserted: sql<boolean>`(xmax = 0)` });
  return stored!;
}

/** Links a stored, valid event to its subjects and lets its handler update the read models. */
export async function applyEvent(
  tx: Transaction,
  eventId: number,
  mode: Mode,
  interpretation: Extract<Interpretation, { status: "processed" }>,
  receivedAt: Date,
  handlers: Handlers = HANDLERS,
): Promise<void> {
  const occurredAt = interpretation.occurredAt ? new Date(interpretation.occurredAt) : receivedAt;
  if (interpretation.subjects.length > 0) {
    await tx
      .insert(eventSubjects)
      .values(interpretation.subjects.map((s) => ({ eventId, mode, subjectType: s.type, subjectId: s.id, occurredAt })))
      .onConflictDoNothing();
  }
  const handler = handlers[interpretation.event.type] as WebhookHandler<typeof interpretation.event.type>;
  await handler.project(tx, { id: eventId, mode, data: interpretation.event.data as never, receivedAt });
}

/**
 * Stores one authenticated delivery and projects it, in one transaction: the event row, its subjects and the read
 * models commit together or not at all. A projection that fails (a bug, data the database refuses) rolls back and
 * the event is stored again on its own with status "failed", to be re-processed after a fix. A database that cannot
 * be reached throws, so the route answers 503 and the sender retries.
 */
export async function receiveDelivery(
  db: Database,
  mode: Mode,
  rawBody: string,
  { receivedAt = new Date(), handlers = HANDLERS }: { receivedAt?: Date; handlers?: Handlers } = {},
): Promise<ReceiveResult> {
  const interpretation = interpretDelivery(mode, rawBody, handlers);
  const base = {
    mode,
    type: interpretation.type,
    dedupeKey: interpretation.dedupeKey,
    rawBody,
    payload: interpretation.payload,
    receivedAt,
  };
  try {
    return await db.transaction(async (tx) => {
      const error = interpretation.status === "processed" ? null : interpretation.error;
      const stored = await storeEvent(tx, { ...base, status: interpretation.status, error });
      if (!stored.inserted) return { id: stored.id, status: stored.status, duplicate: true };
      if (interpretation.status === "processed") {
        await applyEvent(tx, stored.id, mode, interpretation, receivedAt, handlers);
      }
      return { id: stored.id, status: stored.status, duplicate: false };
    });
  } catch (error) {
    if (isTransient(error)) throw error;
    const message = error instanceof Error ? error.message : String(error);
    const stored = await storeEvent(db, { ...base, status: "failed", error: `projection failed: ${message}` });
    return { id: stored.id, status: stored.status, duplicate: !stored.inserted };
  }
}
