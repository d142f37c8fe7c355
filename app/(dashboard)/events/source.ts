import "server-only";
import { defineListSource } from "@/app/(dashboard)/list-view";
import { countEvents, eventPages, listEvents, type EventFilters } from "@/db/queries/webhook-events";
import { createdAtRange } from "@/lib/list-params";
import { eventsList, type EventsSearchParams } from "./list";
import { toEventRow } from "./rows";

/** The URL's filters as the query's, in a mode; the received range is days in the operator's zone. */
function toEventFilters(state: EventsSearchParams, mode: EventFilters["mode"], timeZone: string): EventFilters {
  const received = createdAtRange(state.from, state.to, timeZone);
  return {
    mode,
    ...(state.type && { type: state.type }),
    ...(state.status && { status: state.status }),
    ...(state.subject && { subjectId: state.subject }),
    // createdAtRange's bounds are Dates already; the shared type also allows the API's ISO text.
    ...(received?.gte && { receivedFrom: new Date(received.gte) }),
    ...(received?.lt && { receivedBefore: new Date(received.lt) }),
  };
}

/**
 * One page of stored webhook events, newest first, from this app's database rather than the API (nothing here fails
 * the way a service call does). Next asks for those older than this page's last, Previous for those newer than its
 * first; both at once (a hand-edited link) starts over. The export pages on by id from a count of the whole filtered
 * set: events that arrive meanwhile are newer than its first page, so the file is the set as it stood when it began.
 */
export const eventsSource = defineListSource(eventsList, {
  fetchPage: async ({ db, mode, timeZone, counting }, state) => {
    const filters = toEventFilters(state, mode, timeZone);
    const [page, total] = await Promise.all([listEvents(db(), filters, { limit: state.limit, ...eventPages.ask(state) }), counting ? countEvents(db(), filters) : undefined]);
    return { items: page.items, ...eventPages.cursors(page), ...(total !== undefined && { total }) };
  },
  toRow: toEventRow,
  exportColumns: (c) => [
    c.time("received", (row) => row.receivedAt),
    c.fields("status", "type", "subject"),
    c.money("amount", (row) => (row.amount && row.currency ? { amount: row.amount, currency: row.currency } : null)),
    c.number("deliveries", (row) => row.duplicateCount + 1),
    c.fields("error", "id"),
  ],
});
