import "server-only";
import { defineListSource, servicePage } from "@/app/(dashboard)/list-view";
import { listShippingRates } from "@/lib/payments";
import { shippingRatesList } from "./list";
import { toShippingRateRow } from "./rows";

// Shipping rates from the service, and as CSV.
export const shippingRatesSource = defineListSource(shippingRatesList, {
  fetchPage: servicePage(listShippingRates),
  toRow: toShippingRateRow,
  exportColumns: (c) => [
    c.time("created", (row) => row.createdAt),
    c.fields("name", "description"),
    c.money("amount", (row) => (row.amount !== null && row.currency ? { amount: row.amount, currency: row.currency } : null)),
    c.fields("minDays", "maxDays", "active", "id"),
  ],
});
