import "server-only";
import { countEvents, listEvents } from "@/db/queries/webhook-events";
import { defineExport, EXPORT_PAGE_SIZE } from "@/lib/export/define";
import { toEventFilters } from "./filters";
import { toEventRow } from "./rows";
import { eventCursor, loadEventsSearchParams } from "./search-params";

// The events console as CSV, from this app's database rather than the API: pages of 100 by event id, newest first,
// with the count of the whole filtered set first. Events that arrive meanwhile are newer than the first page and are
// not in the file, so it is the set as it stood when the export began.
export const eventsExport = defineExport({
  parse: (query) => loadEventsSearchParams(query),
  fetchPage: async ({ db, mode, timeZone }, state, cursor) => {
    const filters = toEventFilters(state, mode, timeZone);
    const after = eventCursor(cursor ?? null);
    const [page, total] = await Promise.all([
      listEvents(db(), filters, { limit: EXPORT_PAGE_SIZE, ...(after !== undefined && { after }) }),
      cursor === undefined ? countEvents(db(), filters) : undefined,
    ]);
    const last = page.items.at(-1);
    return { items: page.items, next: page.hasOlder && last ? String(last.id) : undefined, ...(total !== undefined && { total }) };
  },
  toRow: toEventRow,
  columns: (c, t) => [
    c.time(t("exportCsv.columns.received"), (row) => row.receivedAt),
    c.text(t("exportCsv.columns.status"), (row) => row.status),
    c.text(t("exportCsv.columns.type"), (row) => row.type),
    c.text(t("exportCsv.columns.subject"), (row) => row.subject),
    c.money(t("exportCsv.columns.amount"), t("exportCsv.columns.currency"), (row) =>
      row.amount && row.currency ? { amount: row.amount, currency: row.currency } : null,
    ),
    c.number(t("exportCsv.columns.deliveries"), (row) => row.duplicateCount + 1),
    c.text(t("exportCsv.columns.error"), (row) => row.error),
    c.text(t("exportCsv.columns.id"), (row) => String(row.id)),
  ],
});
