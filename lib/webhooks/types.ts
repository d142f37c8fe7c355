import type { Transaction } from "@/db";
import type { Mode } from "@/lib/env-schema";
import type { PaymentEventOf, PaymentEventType } from "@/lib/payments/schemas";
import type { SUBJECT_TYPES } from "@/db/schema";

export type SubjectType = (typeof SUBJECT_TYPES)[number];
export type Subject = { type: SubjectType; id: string };

export type EventData<T extends PaymentEventType> = PaymentEventOf<T>["data"];

export type StoredEvent<T extends PaymentEventType> = { id: number; mode: Mode; data: EventData<T>; receivedAt: Date };

/**
 * One per event type (CONVENTIONS 9). The receiver stores the delivery, then asks the handler what it is about and
 * lets it update the read models, all in one transaction.
 */
export type WebhookHandler<T extends PaymentEventType> = {
  type: T;
  /** Identifies the event by its content (events carry no id): a re-delivery yields the same key. */
  dedupeKey: (data: EventData<T>) => string;
  /** When it happened by the event's own account; the timeline is ordered by it. Null: use the receive time. */
  occurredAt: (data: EventData<T>) => string | null;
  subjects: (data: EventData<T>) => Subject[];
  project: (tx: Transaction, event: StoredEvent<T>) => Promise<void>;
};

/** A subject only when its id is there (payloads leave some ids empty). */
export function subject(type: SubjectType, id: string | null | undefined): Subject[] {
  return id ? [{ type, id }] : [];
}
