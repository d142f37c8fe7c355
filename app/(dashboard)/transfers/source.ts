import "server-only";
import { defineListSource, servicePage } from "@/app/(dashboard)/list-view";
import { listMobileTransfers } from "@/lib/payments";
import { isSinpeReference, transfersList } from "./list";
import { toTransferRow } from "./rows";

// SINPE transfers from the service, and as CSV. A reference of the wrong length is refused (the page explains it,
// the export answers 400) rather than asked for.
export const transfersSource = defineListSource(transfersList, {
  check: (state) => (state.reference && !isSinpeReference(state.reference) ? "reference" : undefined),
  fetchPage: servicePage(listMobileTransfers, (state) => ({ status: state.status, SINPERefNumber: state.reference, originId: state.senderId })),
  toRow: toTransferRow,
  exportColumns: (c) => [
    c.time("created", (row) => row.createdAt),
    c.money("amount", (row) => row),
    c.fields("status", "senderName"),
    c.text("senderId", (row) => row.senderId.formatted),
    c.text("senderIdKind", (row) => row.senderId.kind),
    c.fields("reference", "paymentIntentId", "id"),
  ],
});
