import type { SQL } from "drizzle-orm";
import type { SUBJECT_TYPES } from "@/db/schema";
import type { Mode } from "@/lib/env-schema";
import type { PaymentEventOf, PaymentEventType } from "@/lib/payments/schemas";

export type SubjectType = (typeof SUBJECT_TYPES)[number];
export type Subject = { type: SubjectType; id: string };

export type EventData<T extends PaymentEventType> = PaymentEventOf<T>["data"];

export type ProjectionContext = { mode: Mode; receivedAt: Date };

/**
 * One per event type (CONVENTIONS 9). The receiver stores a delivery and projects it in ONE SQL statement: the
 * handler contributes a data-modifying statement that reads the stored event from the CTE `ev(id, inserted)` and does
 * nothing unless `ev.inserted` (a re-delivery changes no read model). One statement is one round trip and is atomic.
 */
export type WebhookHandler<T extends PaymentEventType> = {
  type: T;
  /** Identifies the event by its content (events carry no id): a re-delivery yields the same key. */
  dedupeKey: (data: EventData<T>) => string;
  /** When it happened by the event's own account; the timeline is ordered by it. Null: use the receive time. */
  occurredAt: (data: EventData<T>) => string | null;
  subjects: (data: EventData<T>) => Subject[];
  projection: (data: EventData<T>, context: ProjectionContext) => SQL;
  /**
   * Events that read what other events of the same key wrote (a renewal's failure and its recovery) are serialised
   * on this key, in a transaction, so each sees the other whichever commits first.
   */
  lockKey?: (data: EventData<T>) => string;
};

/** A subject only when its id is there (payloads leave some ids empty). */
export function subject(type: SubjectType, id: string | null | undefined): Subject[] {
  return id ? [{ type, id }] : [];
}
