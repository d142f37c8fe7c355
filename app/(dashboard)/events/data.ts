import "server-only";
import { getColumnVisibility, type ColumnVisibility } from "@/app/(dashboard)/table-preferences";
import { getDb } from "@/db";
import { countEvents, listEvents, type EventFilters } from "@/db/queries/webhook-events";
import { requireOperator } from "@/lib/auth/require-operator";
import { env } from "@/lib/env";
import { createdAtRange } from "@/lib/list-params";
import { getMode } from "@/lib/mode";
import { toEventRow, type EventRow } from "./rows";
import { eventCursor, type EventsSearchParams } from "./search-params";

export type EventsView = { rows: EventRow[]; next?: string; prev?: string; total: number; columnVisibility: ColumnVisibility };

/** The URL's filters as the query's, in the current mode; the received range is days in the operator's zone. */
function toFilters(state: EventsSearchParams, mode: EventFilters["mode"]): EventFilters {
  const received = createdAtRange(state.from, state.to, env().DEFAULT_TIME_ZONE);
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
 * One page of stored webhook events, newest first. The pagination's cursors carry event ids: Next asks for those
 * older than this page's last, Previous for those newer than its first. Both at once (a hand-edited link) starts over.
 */
export async function loadEvents(state: EventsSearchParams): Promise<EventsView> {
  const operator = await requireOperator("viewer");
  const mode = await getMode();
  const db = getDb();
  const filters = toFilters(state, mode);
  const after = eventCursor(state.startingAfter);
  const before = eventCursor(state.endingBefore);
  const cursor = after !== undefined && before === undefined ? { after } : before !== undefined && after === undefined ? { before } : {};
  const [page, total, columnVisibility] = await Promise.all([
    listEvents(db, filters, { limit: state.limit, ...cursor }),
    countEvents(db, filters),
    getColumnVisibility(operator.id, "events"),
  ]);
  const first = page.items[0];
  const last = page.items.at(-1);
  return {
    rows: page.items.map(toEventRow),
    next: page.hasOlder && last ? String(last.id) : undefined,
    prev: page.hasNewer && first ? String(first.id) : undefined,
    total,
    columnVisibility,
  };
}
