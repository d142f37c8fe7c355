import "server-only";
import { defineListSource } from "@/app/(dashboard)/list-view";
import { toListParams } from "@/lib/list-params";
import { listCustomers } from "@/lib/payments";
import { customersList } from "./list";
import { toCustomerRow } from "./rows";

// Customers from the service, and as CSV. What they spent is in USD whatever they paid in: the service sums it in
// its USD base amount.
export const customersSource = defineListSource(customersList, {
  fetchPage: ({ client, timeZone }, state) => listCustomers(client(), toListParams(state, timeZone)),
  toRow: toCustomerRow,
  exportColumns: (c, t) => [
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
