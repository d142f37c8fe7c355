// What the events console's URL may hold beyond the shared list state (list.ts declares its filters from these): the
// types and statuses, and the event ids its cursors carry.
export { EVENT_TYPES, type EventType } from "@/lib/webhooks/event-types";
export { EVENT_STATUSES, type EventStatus } from "@/lib/webhooks/event-status";

/** A cursor from the URL as an event id; anything else (a hand-edited link, another list's cursor) is no cursor. */
export function eventCursor(value: string | null): number | undefined {
  if (!value || !/^\d{1,15}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}
