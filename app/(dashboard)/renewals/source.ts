import "server-only";
import { defineListSource } from "@/app/(dashboard)/list-view";
import { toListParams } from "@/lib/list-params";
import { listRenewals } from "@/lib/payments";
import { renewalsList } from "./list";
import { toRenewalRow } from "./rows";

// Renewals from the service, and as CSV.
export const renewalsSource = defineListSource(renewalsList, {
  fetchPage: ({ client, timeZone }, state) =>
    listRenewals(client(), { ...toListParams(state, timeZone), status: state.status ?? undefined, subscriptionId: state.subscriptionId ?? undefined }),
  toRow: toRenewalRow,
  exportColumns: (c, t) => [
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
