import "server-only";
import { defineExport, exportPageState } from "@/lib/export/define";
import { fetchPaymentsPage } from "./fetch-page";
import { toPaymentRow } from "./rows";
import { loadPaymentsSearchParams } from "./search-params";

// The Payments list as CSV: what the table shows, with the customer's name and e-mail in columns of their own.
export const paymentsExport = defineExport({
  parse: (query) => loadPaymentsSearchParams(query),
  fetchPage: ({ client, timeZone }, state, cursor) => fetchPaymentsPage(client(), exportPageState(state, cursor), timeZone),
  toRow: toPaymentRow,
  columns: (c, t) => [
    c.time(t("exportCsv.columns.created"), (row) => row.createdAt),
    c.money(t("exportCsv.columns.amount"), t("exportCsv.columns.currency"), (row) => row),
    c.text(t("exportCsv.columns.status"), (row) => row.status),
    c.text(t("exportCsv.columns.customerName"), (row) => row.customerName),
    c.text(t("exportCsv.columns.customerEmail"), (row) => row.customerEmail),
    c.text(t("exportCsv.columns.description"), (row) => row.description),
    c.text(t("exportCsv.columns.method"), (row) => row.method),
    c.text(t("exportCsv.columns.id"), (row) => row.id),
  ],
});
