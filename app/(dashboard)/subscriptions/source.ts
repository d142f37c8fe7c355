import "server-only";
import { defineListSource, servicePage } from "@/app/(dashboard)/list-view";
import { listSubscriptions } from "@/lib/payments";
import { subscriptionsList } from "./list";
import { toSubscriptionRow } from "./rows";

// Subscriptions from the service, and as CSV. The per-period total is empty when the items are in several currencies
// (no sum means anything).
export const subscriptionsSource = defineListSource(subscriptionsList, {
  fetchPage: servicePage(listSubscriptions, (state) => ({ status: state.status })),
  toRow: toSubscriptionRow,
  exportColumns: (c) => [
    c.time("created", (row) => row.createdAt),
    c.fields("status", "customerId"),
    c.time("periodStart", (row) => row.currentPeriodStart),
    c.time("periodEnd", (row) => row.currentPeriodEnd),
    c.money("perPeriod", (row) => row.perPeriod),
    c.fields("id"),
  ],
});
