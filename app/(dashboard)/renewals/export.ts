import "server-only";
import { defineExport, exportPageState } from "@/lib/export/define";
import { fetchRenewalsPage } from "./fetch-page";
import { toRenewalRow } from "./rows";
import { loadRenewalsSearchParams } from "./search-params";

// Renewals as CSV: each subscription period, what it charges and how its attempts went.
export const renewalsExport = defineExport({
  parse: (query) => loadRenewalsSearchParams(query),
  fetchPage: ({ client, timeZone }, state, cursor) => fetchRenewalsPage(client(), exportPageState(state, cursor), timeZone),
  toRow: toRenewalRow,
  columns: (c, t) => [
    c.time(t("exportCsv.columns.periodStart"), (row) => row.periodStart),
    c.time(t("exportCsv.columns.periodEnd"), (row) => row.periodEnd),
    c.text(t("exportCsv.columns.status"), (row) => row.status),
    c.money(t("exportCsv.columns.total"), t("exportCsv.columns.currency"), (row) => ({ amount: row.total, currency: row.currency })),
    c.number(t("exportCsv.columns.attempts"), (row) => row.attempts),
    c.time(t("exportCsv.columns.nextAttempt"), (row) => row.nextAttemptAt),
    c.text(t("exportCsv.columns.subscriptionId"), (row) => row.subscriptionId),
    c.text(t("exportCsv.columns.id"), (row) => row.id),
  ],
});
