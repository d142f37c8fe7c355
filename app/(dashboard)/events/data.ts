import "server-only";
import type { ListView } from "@/app/(dashboard)/list-view";
import { getColumnVisibility } from "@/app/(dashboard)/table-preferences";
import { getDb } from "@/db";
import { countEvents, listEvents } from "@/db/queries/webhook-events";
import { readAsOperator, requireOperator } from "@/lib/auth/require-operator";
import { env } from "@/lib/env";
import { getMode } from "@/lib/mode";
import { toEventFilters } from "./filters";
import { toEventRow, type EventRow } from "./rows";
import { eventCursor, type EventsSearchParams } from "./search-params";

/**
 * One page of stored webhook events, newest first. The pagination's cursors carry event ids: Next asks for those
 * older than this page's last, Previous for those newer than its first. Both at once (a hand-edited link) starts over.
 * The events are this app's own: nothing here fails the way a service call does.
 */
export async function loadEvents(state: EventsSearchParams): Promise<ListView<EventRow>> {
  const mode = await getMode();
  const db = getDb();
  const filters = toEventFilters(state, mode, env().DEFAULT_TIME_ZONE);
  const after = eventCursor(state.startingAfter);
  const before = eventCursor(state.endingBefore);
  const cursor = after !== undefined && before === undefined ? { after } : before !== undefined && after === undefined ? { before } : {};
  const reading = readAsOperator("viewer", () => Promise.all([listEvents(db, filters, { limit: state.limit, ...cursor }), countEvents(db, filters)]));
  const operator = await requireOperator("viewer");
  const [{ value: [page, total] }, columnVisibility] = await Promise.all([reading, getColumnVisibility(operator.id, "events")]);
  const first = page.items[0];
  const last = page.items.at(-1);
  return {
    ok: true,
    rows: page.items.map(toEventRow),
    next: page.hasOlder && last ? String(last.id) : undefined,
    prev: page.hasNewer && first ? String(first.id) : undefined,
    total,
    columnVisibility,
  };
}
