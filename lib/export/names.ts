// The export's wire words, shared by the route (lib/export/response.ts) and the toolbar's button, which reads them
// from the browser: nothing here may reach for the server. The lists that export are the declared ones
// (app/(dashboard)/lists.ts), each at /api/export/<its name>.

/** The first cell of the last line of an export that stopped early, so a saved file says it is incomplete. */
export const EXPORT_INCOMPLETE_MARKER = "#EXPORT-INCOMPLETE";

/** Response headers: rows in the whole filtered list (when the service says), and the zone of the times. */
export const EXPORT_TOTAL_HEADER = "x-export-total";
export const EXPORT_ZONE_HEADER = "x-export-time-zone";

/** What the route answers instead of a file, for the button to explain. */
export type ExportErrorBody =
  | { error: "unknown_list" }
  | { error: "invalid_filter"; param: string }
  // `message`: the explained failure in the operator's language (the page has no catalog of every failure).
  | { error: "upstream"; messageKey: string; message?: string; detail?: string }
  // Another export of the same operator is running (429): `message` in their language, for a client without the catalog.
  | { error: "busy"; messageKey: "exportCsv.errors.busy"; message: string };
