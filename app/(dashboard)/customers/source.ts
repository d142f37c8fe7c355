import "server-only";
import { defineListSource, servicePage } from "@/app/(dashboard)/list-view";
import { listCustomers } from "@/lib/payments";
import { customersList } from "./list";
import { toCustomerRow } from "./rows";

// Customers from the service, and as CSV. What they spent is in USD whatever they paid in: the service sums it in
// its USD base amount.
export const customersSource = defineListSource(customersList, {
  fetchPage: servicePage(listCustomers),
  toRow: toCustomerRow,
  exportColumns: (c) => [
    c.time("created", (row) => row.createdAt),
    c.fields("name", "email", "phone"),
    c.money("amountSpent", (row) => ({ amount: row.amountSpent, currency: "USD" })),
    c.fields("transactions"),
    c.time("lastTransaction", (row) => row.lastTransactionAt),
    c.fields("id"),
  ],
});
