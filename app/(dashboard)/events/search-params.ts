import { createLoader, parseAsStringLiteral, type inferParserType } from "nuqs/server";
import { LIST_OPTIONS, listSearchParams, parseAsFilterText } from "@/lib/list-params";
import { EVENT_STATUSES } from "@/lib/webhooks/event-status";

// The events console's URL state, read by the server page (what to ask the database) and the client toolbar. The
// shared list params are reused as they are: the pagination writes startingAfter/endingBefore, which here carry the
// event ids listEvents pages from (older after, newer before).

export { EVENT_STATUSES, type EventStatus } from "@/lib/webhooks/event-status";

export const eventsSearchParams = {
  ...listSearchParams,
  // Free text, not a literal list: unrecognized types are stored too, and a link may name one.
  type: parseAsFilterText.withOptions(LIST_OPTIONS),
  status: parseAsStringLiteral(EVENT_STATUSES).withOptions(LIST_OPTIONS),
  subject: parseAsFilterText.withOptions(LIST_OPTIONS),
};

/** The filters (as opposed to paging): any of them set makes an empty page a "no match", and Reset clears them. */
export const EVENTS_FILTER_KEYS = ["type", "status", "subject", "from", "to"] as const;

export type EventsSearchParams = inferParserType<typeof eventsSearchParams>;

export const loadEventsSearchParams = createLoader(eventsSearchParams);

/** A cursor from the URL as an event id; anything else (a hand-edited link, another list's cursor) is no cursor. */
export function eventCursor(value: string | null): number | undefined {
  if (!value || !/^\d{1,15}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}
