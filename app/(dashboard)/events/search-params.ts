// What the events console's URL may hold beyond the shared list state (list.ts declares its filters from these): the
// types and statuses, and the event ids its cursors carry.

// Repeated rather than imported: the schemas would bring zod into the browser bundle, and the database enum the
// drizzle schema. search-params.test.ts fails if these lists and theirs ever differ.
export const EVENT_TYPES = [
  "payment-intent.succeeded",
  "payment-intent.deferred",
  "payment-intent.failed",
  "subscription.renewal.succeeded",
  "subscription.renewal.failed",
  "checkout-session.succeeded",
  "mobile-transfer.received",
] as const;

export const EVENT_STATUSES = ["processed", "invalid", "unrecognized", "failed"] as const;

export type EventType = (typeof EVENT_TYPES)[number];
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** A cursor from the URL as an event id; anything else (a hand-edited link, another list's cursor) is no cursor. */
export function eventCursor(value: string | null): number | undefined {
  if (!value || !/^\d{1,15}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}
