import type { EventStatus } from "./search-params";

// What one row of the events console needs, and no more: the client receives these, never raw bodies or payloads.

export type EventRow = {
  id: number;
  receivedAt: string;
  type: string | null;
  status: EventStatus;
  /** Why it was not processed, for the status badge's hover. */
  error: string | null;
  /** The object the event is mainly about: an intent, a subscription, a SINPE reference, a checkout URL. */
  subject: string | null;
  /** Integer minor units as text (read out of the payload, so possibly beyond 2^53), with its ISO code. */
  amount: string | null;
  currency: string | null;
  duplicateCount: number;
};

type ListedEvent = Omit<EventRow, "receivedAt" | "amount" | "currency"> & { receivedAt: Date; amount: string | null; currency: string | null };

/**
 * The amount only when the payload's amount is an integer and its currency a code: an invalid event's payload is
 * whatever the sender wrote, and a formatter given "12.5" or "colones" would throw in the middle of the table.
 */
export function eventMoney(amount: string | null, currency: string | null): Pick<EventRow, "amount" | "currency"> {
  if (amount && currency && /^-?\d{1,30}$/.test(amount) && /^[A-Za-z]{3}$/.test(currency)) return { amount, currency: currency.toUpperCase() };
  return { amount: null, currency: null };
}

/**
 * How a subject reads in a list: its id. A checkout session has none of its own and is named by its URL
 * (".../checkout/cs_…"), whose start is the same for every session: its last path segment (the cs_… id) names it,
 * as other objects are named by theirs. Anything that is not a URL is shown as it is.
 */
export function subjectLabel(subject: string): string {
  if (!/^https?:\/\//i.test(subject)) return subject;
  try {
    const segment = new URL(subject).pathname.split("/").filter(Boolean).at(-1);
    return segment ? decodeURIComponent(segment) : subject;
  } catch {
    return subject;
  }
}

export function toEventRow(event: ListedEvent): EventRow {
  return {
    id: event.id,
    receivedAt: event.receivedAt.toISOString(),
    type: event.type,
    status: event.status,
    error: event.error,
    subject: event.subject,
    ...eventMoney(event.amount, event.currency),
    duplicateCount: event.duplicateCount,
  };
}
