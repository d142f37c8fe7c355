import "server-only";
import { defineListSource } from "@/app/(dashboard)/list-view";
import { toListParams } from "@/lib/list-params";
import { listPaymentIntents } from "@/lib/payments";
import { paymentsList } from "./list";
import { toPaymentRow } from "./rows";

// The Payments list's page as the service gives it, and as CSV: what the table shows, with the customer's name and
// e-mail in columns of their own.
export const paymentsSource = defineListSource(paymentsList, {
  fetchPage: ({ client, timeZone }, state) =>
    listPaymentIntents(client(), { ...toListParams(state, timeZone), status: state.status ?? undefined, customerId: state.customerId ?? undefined }),
  toRow: toPaymentRow,
  exportColumns: (c, t) => [
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
