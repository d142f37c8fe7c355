import "server-only";
import { defineExport, exportPageState } from "@/lib/export/define";
import { fetchCustomersPage } from "./fetch-page";
import { toCustomerRow } from "./rows";
import { loadCustomersSearchParams } from "./search-params";

// Customers as CSV. What they spent is in USD whatever they paid in: the service sums it in its USD base amount.
export const customersExport = defineExport({
  parse: (query) => loadCustomersSearchParams(query),
  fetchPage: ({ client, timeZone }, state, cursor) => fetchCustomersPage(client(), exportPageState(state, cursor), timeZone),
  toRow: toCustomerRow,
  columns: (c, t) => [
    c.time(t("exportCsv.columns.created"), (row) => row.createdAt),
    c.text(t("exportCsv.columns.name"), (row) => row.name),
    c.text(t("exportCsv.columns.email"), (row) => row.email),
    c.text(t("exportCsv.columns.phone"), (row) => row.phone),
    c.money(t("exportCsv.columns.amountSpent"), t("exportCsv.columns.currency"), (row) => ({ amount: row.amountSpent, currency: "USD" })),
    c.number(t("exportCsv.columns.transactions"), (row) => row.transactions),
    c.time(t("exportCsv.columns.lastTransaction"), (row) => row.lastTransactionAt),
    c.text(t("exportCsv.columns.id"), (row) => row.id),
  ],
});
