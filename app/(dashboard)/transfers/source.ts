import "server-only";
import { defineListSource } from "@/app/(dashboard)/list-view";
import { toListParams } from "@/lib/list-params";
import { listMobileTransfers } from "@/lib/payments";
import { isSinpeReference, transfersList } from "./list";
import { toTransferRow } from "./rows";

// SINPE transfers from the service, and as CSV. A reference of the wrong length is refused (the page explains it,
// the export answers 400) rather than asked for.
export const transfersSource = defineListSource(transfersList, {
  check: (state) => (state.reference && !isSinpeReference(state.reference) ? "reference" : undefined),
  fetchPage: ({ client, timeZone }, state) =>
    listMobileTransfers(client(), {
      ...toListParams(state, timeZone),
      status: state.status ?? undefined,
      SINPERefNumber: state.reference ?? undefined,
      originId: state.senderId ?? undefined,
    }),
  toRow: toTransferRow,
  exportColumns: (c, t) => [
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
