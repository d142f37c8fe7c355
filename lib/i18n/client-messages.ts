import type { Messages } from "./messages/es";

/**
 * What a client provider is given: a namespace ("dataTable") or a part of one ("search.dialog"). Typed against the
 * catalog, so a misspelt or removed namespace fails `tsc`; lib/i18n/client-messages.test.ts checks that every client
 * component finds the keys it uses in the providers above it.
 */
export type MessagePath = keyof Messages | `${keyof Messages}.${string}`;

/**
 * What every list page's shared parts use in the browser (components/data-table: the table, its error state, the
 * export button). A list's layout gives these plus its own: namespaces={[...LIST_MESSAGES, "payments"]}.
 */
export const LIST_MESSAGES = [
  // The table's, its toolbar's and its pagination's words; not its error state's (translated on the server) nor the
  // filters' (the toolbar gets those as text; status and allStatuses, two short ones, because lib/list-filters names them).
  ...(["columns", "columnsLegend", "hiddenCount", "showAllColumns", "pagination", "total", "pageSize", "previous", "next", "filters", "from", "to", "reset", "timeZone", "loading", "emptyTitle", "emptyBody", "noMatchTitle", "noMatchBody", "pastEndTitle", "pastEndBody", "firstPage", "status", "allStatuses"] as const).map(
    (key) => `dataTable.${key}` as const,
  ),
  // The export button's words, not the CSV's column names (exportCsv.columns: the server writes the header).
  ...(["button", "buttonHint", "progress", "progressUnknown", "progressLabel", "cancel", "cancelled", "done", "dismiss", "failedTitle", "errors"] as const).map(
    (key) => `exportCsv.${key}` as const,
  ),
  "transfersList.reference",
  // The date filters' words (components/ui/date-field.tsx); the period close and the follow-up sit under a list's layout too.
  "ui.dateField",
] as const satisfies readonly MessagePath[];

/** What "Sync now" (app/(dashboard)/_sync/sync-now-button.tsx) says, on the Overview and in Settings. */
export const SYNC_NOW_MESSAGES = (
  ["requesting", "syncNow", "requestFailed", "queued", "jobsProgress", "finished", "finishedWithFailures", "stillRunning", "unclaimed"] as const
).map((key) => `sync.${key}` as const) satisfies readonly MessagePath[];

/** The groups a provider may spread, by name (lib/i18n/client-messages.test.ts reads providers' source). */
export const MESSAGE_GROUPS: Record<string, readonly MessagePath[]> = { LIST_MESSAGES, SYNC_NOW_MESSAGES };

type Tree = { [key: string]: string | Tree };
const picked = new Map<string, Tree>();

/**
 * The parts of a catalog at these paths, nested as in the catalog ({ search: { dialog: … } }). The same object for the
 * same catalog and paths: built once per process, not per request.
 */
export function pickMessages(catalog: Messages, locale: string, paths: readonly MessagePath[]): Tree {
  const id = `${locale}\u0000${paths.join(",")}`;
  let result = picked.get(id);
  if (!result) {
    result = {};
    for (const path of paths) {
      const parts = path.split(".");
      let from: string | Tree | undefined = catalog as unknown as Tree;
      for (const part of parts) from = typeof from === "object" ? from[part] : undefined;
      if (from === undefined) throw new Error(`No messages at "${path}" in the ${locale} catalog.`);
      let into = result;
      for (const part of parts.slice(0, -1)) into = (into[part] ??= {}) as Tree;
      into[parts.at(-1)!] = from;
    }
    picked.set(id, result);
  }
  return result;
}
