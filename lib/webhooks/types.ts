import "server-only";
import type { SQL } from "drizzle-orm";
import { z } from "zod";
import type { Subject, SubjectType } from "@/db/queries/webhook-ingest";
import type { Mode } from "@/lib/env-schema";

export type { Subject, SubjectType };

export type ProjectionContext = { mode: Mode; receivedAt: Date };

/**
 * The fields a one-line summary of an event shows (timelines, the events console), each the path of a field in the
 * type's payload data. Declared per type, so a summary reads what the type has rather than guessing among names.
 */
export const SUMMARY_FIELDS = ["subject", "amount", "currency", "eventStatus", "counterparty", "errorCode", "errorMessage", "attemptCount", "nextAttempt"] as const;
export type SummaryField = (typeof SUMMARY_FIELDS)[number];

// The declared keys of an object type, without the index signature a loose zod object adds (which would let any
// path through): a path must name a field the schema knows.
type Declared<T> = { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };
type Nested<V, K extends string> = NonNullable<V> extends readonly unknown[] ? never : NonNullable<V> extends object ? `${K}.${FieldPath<NonNullable<V>>}` : never;
/** "amount", "customer.name", "error.code": a dotted path to a field of T that the schema declares. */
export type FieldPath<T> = { [K in keyof Declared<T> & string]: K | Nested<Declared<T>[K], K> }[keyof Declared<T> & string];

export type SummaryFields<D> = { [F in SummaryField]?: FieldPath<D> };

/**
 * Everything about one event type, in one file per type (CONVENTIONS 9): its payload's schema, how it is identified,
 * which objects it concerns, what it writes, and which fields its summary shows. Its readable name is the catalogs'
 * `events.types.<type with . and - as _>` (lib/webhooks/names.ts).
 *
 * The receiver stores a delivery and projects it in ONE SQL statement: `projection` contributes a data-modifying
 * statement that reads the stored event from the CTE `ev` (db/queries/webhook-ingest.ts) and does nothing unless
 * `ev.inserted` (a re-delivery changes no read model).
 */
export type EventDefinition<T extends string, S extends z.ZodType> = {
  type: T;
  /** The schema of the payload's `data`. */
  data: S;
  /** Identifies the event by its content (events carry no id): a re-delivery yields the same key. */
  dedupeKey: (data: z.output<S>) => string;
  /** When it happened by the event's own account; the timeline is ordered by it. Null: use the receive time. */
  occurredAt: (data: z.output<S>) => string | null;
  subjects: (data: z.output<S>) => Subject[];
  projection: (data: z.output<S>, context: ProjectionContext) => SQL;
  /**
   * Events that read what other events of the same key wrote (a renewal's failure and its recovery) are serialised
   * on this key, in a transaction, so each sees the other whichever commits first.
   */
  lockKey?: (data: z.output<S>) => string;
  summary: SummaryFields<z.output<S>>;
};

export type WebhookHandler<T extends string = string, S extends z.ZodType = z.ZodType> = EventDefinition<T, S> & {
  /** The whole event: `{ type, data }`, extra fields allowed. */
  schema: z.ZodObject<{ type: z.ZodLiteral<T>; data: S }, z.core.$loose>;
};

export function defineEvent<const T extends string, S extends z.ZodType>(definition: EventDefinition<T, S>): WebhookHandler<T, S> {
  return { ...definition, schema: z.looseObject({ type: z.literal(definition.type), data: definition.data }) };
}

/** A subject only when its id is there (payloads leave some ids empty). */
export function subject(type: SubjectType, id: string | null | undefined): Subject[] {
  return id ? [{ type, id }] : [];
}
