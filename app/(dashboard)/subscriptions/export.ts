import "server-only";
import { defineExport, exportPageState } from "@/lib/export/define";
import { fetchSubscriptionsPage } from "./fetch-page";
import { toSubscriptionRow } from "./rows";
import { loadSubscriptionsSearchParams } from "./search-params";

// Subscriptions as CSV. The per-period total is empty when the items are in several currencies (no sum means anything).
export const subscriptionsExport = defineExport({
  parse: (query) => loadSubscriptionsSearchParams(query),
  fetchPage: ({ client, timeZone }, state, cursor) => fetchSubscriptionsPage(client(), exportPageState(state, cursor), timeZone),
  toRow: toSubscriptionRow,
  columns: (c, t) => [
    c.time(t("exportCsv.columns.created"), (row) => row.createdAt),
    c.text(t("exportCsv.columns.status"), (row) => row.status),
    c.text(t("exportCsv.columns.customerId"), (row) => row.customerId),
    c.time(t("exportCsv.columns.periodStart"), (row) => row.currentPeriodStart),
    c.time(t("exportCsv.columns.periodEnd"), (row) => row.currentPeriodEnd),
    c.money(t("exportCsv.columns.perPeriod"), t("exportCsv.columns.currency"), (row) => row.perPeriod),
    c.text(t("exportCsv.columns.id"), (row) => row.id),
  ],
});
