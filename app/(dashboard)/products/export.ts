import "server-only";
import { defineExport, exportPageState } from "@/lib/export/define";
import { fetchProductsPage } from "./fetch-page";
import { toProductRow } from "./rows";
import { loadProductsSearchParams } from "./search-params";

// The product catalogue as CSV. Active is empty where the service does not say.
export const productsExport = defineExport({
  parse: (query) => loadProductsSearchParams(query),
  fetchPage: ({ client, timeZone }, state, cursor) => fetchProductsPage(client(), exportPageState(state, cursor), timeZone),
  toRow: toProductRow,
  columns: (c, t) => [
    c.time(t("exportCsv.columns.created"), (row) => row.createdAt),
    c.text(t("exportCsv.columns.name"), (row) => row.name),
    c.text(t("exportCsv.columns.description"), (row) => row.description),
    c.number(t("exportCsv.columns.active"), (row) => row.active),
    c.text(t("exportCsv.columns.id"), (row) => row.id),
  ],
});
