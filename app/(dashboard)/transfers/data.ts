import "server-only";
import { loadListView, type ListView } from "@/app/(dashboard)/list-view";
import { env } from "@/lib/env";
import { fetchTransfersPage } from "./fetch-page";
import { toTransferRow, type TransferRow } from "./rows";
import type { TransfersSearchParams } from "./search-params";

/** One page of SINPE transfers for the URL's state. The page checks the reference's length before calling this. */
export function loadTransfers(state: TransfersSearchParams): Promise<ListView<TransferRow>> {
  return loadListView("transfers", (client) => fetchTransfersPage(client, state, env().DEFAULT_TIME_ZONE), toTransferRow);
}
