import "server-only";
import { defineListSource } from "@/app/(dashboard)/list-view";
import { toListParams } from "@/lib/list-params";
import { listSubscriptions } from "@/lib/payments";
import { subscriptionsList } from "./list";
import { toSubscriptionRow } from "./rows";

// Subscriptions from the service, and as CSV. The per-period total is empty when the items are in several currencies
// (no sum means anything).
export const subscriptionsSource = defineListSource(subscriptionsList, {
  fetchPage: ({ client, timeZone }, state) => listSubscriptions(client(), { ...toListParams(state, timeZone), status: state.status ?? undefined }),
  toRow: toSubscriptionRow,
  exportColumns: (c, t) => [
    c.time(t("exportCsv.columns.created"), (row) => row.createdAt),
    c.text(t("exportCsv.columns.status"), (row) => row.status),
    c.text(t("exportCsv.columns.customerId"), (row) => row.customerId),
    c.time(t("exportCsv.columns.periodStart"), (row) => row.currentPeriodStart),
    c.time(t("exportCsv.columns.periodEnd"), (row) => row.currentPeriodEnd),
    c.money(t("exportCsv.columns.perPeriod"), t("exportCsv.columns.currency"), (row) => row.perPeriod),
    c.text(t("exportCsv.columns.id"), (row) => row.id),
  ],
});
