import "server-only";
import { defineListSource, servicePage } from "@/app/(dashboard)/list-view";
import { customerNames } from "@/db/queries/customer-names";
import { listSubscriptions } from "@/lib/payments";
import { subscriptionsList } from "./list";
import { toSubscriptionRow } from "./rows";

// Subscriptions from the service, each with its customer's name and e-mail from the sync's local copy (one query per
// page; a customer not synced yet shows its id), and as CSV. The per-period total is empty when the items are in
// several currencies (no sum means anything).
export const subscriptionsSource = defineListSource(subscriptionsList, {
  fetchPage: async (context, state) => {
    const page = await servicePage(listSubscriptions, () => ({ status: state.status }))(context, state);
    const names = await customerNames(context.db(), context.mode, page.items.map((subscription) => subscription.customerId));
    return { ...page, items: page.items.map((subscription) => ({ ...subscription, customer: names.get(subscription.customerId ?? "") })) };
  },
  toRow: toSubscriptionRow,
  exportColumns: (c) => [
    c.time("created", (row) => row.createdAt),
    c.fields("status", "customerName", "customerEmail", "customerId", "description"),
    c.time("periodStart", (row) => row.currentPeriodStart),
    c.time("periodEnd", (row) => row.currentPeriodEnd),
    c.money("perPeriod", (row) => row.perPeriod),
    c.fields("id"),
  ],
});
