import "server-only";
import { defineExport, exportPageState } from "@/lib/export/define";
import { fetchAccountsPage } from "./fetch-page";
import { toAccountRow } from "./rows";
import { loadAccountsSearchParams } from "./search-params";

// Connected accounts as CSV, from the same rows as the table: no onboarding link can reach the file.
export const accountsExport = defineExport({
  parse: (query) => loadAccountsSearchParams(query),
  fetchPage: ({ client, timeZone }, state, cursor) => fetchAccountsPage(client(), exportPageState(state, cursor), timeZone),
  toRow: toAccountRow,
  columns: (c, t) => [
    c.time(t("exportCsv.columns.created"), (row) => row.createdAt),
    c.text(t("exportCsv.columns.businessName"), (row) => row.businessName),
    c.text(t("exportCsv.columns.status"), (row) => row.status),
    c.number(t("exportCsv.columns.feePercent"), (row) => row.feePercent),
    c.text(t("exportCsv.columns.id"), (row) => row.id),
  ],
});
