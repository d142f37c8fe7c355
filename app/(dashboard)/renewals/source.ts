import "server-only";
import { defineListSource, servicePage } from "@/app/(dashboard)/list-view";
import { listRenewals } from "@/lib/payments";
import { renewalsList } from "./list";
import { toRenewalRow } from "./rows";

// Renewals from the service, and as CSV.
export const renewalsSource = defineListSource(renewalsList, {
  fetchPage: servicePage(listRenewals, (state) => ({ status: state.status, subscriptionId: state.subscriptionId })),
  toRow: toRenewalRow,
  exportColumns: (c) => [
    c.time("periodStart", (row) => row.periodStart),
    c.time("periodEnd", (row) => row.periodEnd),
    c.fields("status"),
    c.money("total", (row) => ({ amount: row.total, currency: row.currency })),
    c.fields("attempts"),
    c.time("nextAttempt", (row) => row.nextAttemptAt),
    c.fields("subscriptionId", "id"),
  ],
});
