import "server-only";
import { toListParams } from "@/lib/list-params";
import { listMobileTransfers, type PaymentClient } from "@/lib/payments";
import type { TransfersSearchParams } from "./search-params";

/** The API call for a list state, shared by the page and the CSV export (which pages on with its own cursor). */
export function fetchTransfersPage(client: PaymentClient, state: TransfersSearchParams, timeZone: string) {
  return listMobileTransfers(client, {
    ...toListParams(state, timeZone),
    status: state.status ?? undefined,
    SINPERefNumber: state.reference ?? undefined,
    originId: state.senderId ?? undefined,
  });
}
