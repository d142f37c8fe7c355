import "server-only";
import { defineListSource, servicePage } from "@/app/(dashboard)/list-view";
import { listPaymentIntents } from "@/lib/payments";
import { paymentsList } from "./list";
import { toPaymentRow } from "./rows";

// The Payments list's page as the service gives it, and as CSV: what the table shows, with the customer's name and
// e-mail in columns of their own.
export const paymentsSource = defineListSource(paymentsList, {
  fetchPage: servicePage(listPaymentIntents, (state) => ({ status: state.status, customerId: state.customerId })),
  toRow: toPaymentRow,
  exportColumns: (c) => [
    c.time("created", (row) => row.createdAt),
    c.money("amount", (row) => row),
    c.fields("status", "customerName", "customerEmail", "description", "method", "id"),
  ],
});
