import "server-only";
import type { PaymentClient } from "./client";
import { parseInput, withoutEmpty } from "./input";
import { buildQuery, pageFromTransferMeta, type ListParams, type Page } from "./page";
import { paths } from "./paths";
import { mobileTransferFiltersSchema, mobileTransferListSchema, type MobileTransfer, type MobileTransferFilters } from "./schemas";

export type ListMobileTransfersParams = ListParams & MobileTransferFilters;

/** SINPE Móvil transfers. Their list meta has only total/hasMore; the page's cursors come from the edge items. */
export async function listMobileTransfers(
  client: PaymentClient,
  params: ListMobileTransfersParams = {},
): Promise<Page<MobileTransfer>> {
  const { status, SINPERefNumber, originId, ...list } = params;
  const filters = parseInput(mobileTransferFiltersSchema, withoutEmpty({ status, SINPERefNumber, originId }), "transfer filters");
  const { data, meta } = await client.get(paths.mobileTransfers, mobileTransferListSchema, buildQuery({ ...list, filters }));
  return pageFromTransferMeta(data, meta, list);
}
