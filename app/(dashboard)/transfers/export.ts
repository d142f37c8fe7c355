import "server-only";
import { defineExport, exportPageState } from "@/lib/export/define";
import { fetchTransfersPage } from "./fetch-page";
import { toTransferRow } from "./rows";
import { isSinpeReference, loadTransfersSearchParams } from "./search-params";

// SINPE transfers as CSV. A reference of the wrong length is refused, as the page explains it rather than asking.
export const transfersExport = defineExport({
  parse: (query) => loadTransfersSearchParams(query),
  check: (state) => (state.reference && !isSinpeReference(state.reference) ? "reference" : undefined),
  fetchPage: ({ client, timeZone }, state, cursor) => fetchTransfersPage(client(), exportPageState(state, cursor), timeZone),
  toRow: toTransferRow,
  columns: (c, t) => [
    c.time(t("exportCsv.columns.created"), (row) => row.createdAt),
    c.money(t("exportCsv.columns.amount"), t("exportCsv.columns.currency"), (row) => row),
    c.text(t("exportCsv.columns.status"), (row) => row.status),
    c.text(t("exportCsv.columns.senderName"), (row) => row.senderName),
    c.text(t("exportCsv.columns.senderId"), (row) => row.senderId.formatted),
    c.text(t("exportCsv.columns.senderIdKind"), (row) => row.senderId.kind),
    c.text(t("exportCsv.columns.reference"), (row) => row.reference),
    c.text(t("exportCsv.columns.paymentIntentId"), (row) => row.paymentIntentId),
    c.text(t("exportCsv.columns.id"), (row) => row.id),
  ],
});
