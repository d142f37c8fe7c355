// What the events console's URL may hold beyond the shared list state (list.ts declares its filters from these): the
// types and statuses, and the event ids its cursors carry.
export { EVENT_TYPES, type EventType } from "@/lib/webhooks/event-types";
export { EVENT_STATUSES, type EventStatus } from "@/lib/webhooks/event-status";

/** A cursor (or a page's segment) from the URL as an event id: the shared row-id parameter. */
export { rowIdParam as eventCursor } from "@/lib/list-params";
