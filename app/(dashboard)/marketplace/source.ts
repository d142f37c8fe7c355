import "server-only";
import { defineListSource } from "@/app/(dashboard)/list-view";
import { toListParams } from "@/lib/list-params";
import { listConnectedAccounts } from "@/lib/payments";
import { marketplaceList } from "./list";
import { toAccountRow } from "./rows";

// Connected accounts from the service, and as CSV.
export const marketplaceSource = defineListSource(marketplaceList, {
  fetchPage: ({ client, timeZone }, state) => listConnectedAccounts(client(), toListParams(state, timeZone)),
  toRow: toAccountRow,
  exportColumns: (c, t) => [
    c.time(t("exportCsv.columns.created"), (row) => row.createdAt),
    c.text(t("exportCsv.columns.businessName"), (row) => row.businessName),
    c.text(t("exportCsv.columns.status"), (row) => row.status),
    c.number(t("exportCsv.columns.feePercent"), (row) => row.feePercent),
    c.text(t("exportCsv.columns.id"), (row) => row.id),
  ],
});
