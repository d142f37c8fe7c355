import "server-only";
import { defineListSource, servicePage } from "@/app/(dashboard)/list-view";
import { listConnectedAccounts } from "@/lib/payments";
import { marketplaceList } from "./list";
import { toAccountRow } from "./rows";

// Connected accounts from the service, and as CSV.
export const marketplaceSource = defineListSource(marketplaceList, {
  fetchPage: servicePage(listConnectedAccounts),
  toRow: toAccountRow,
  exportColumns: (c) => [c.time("created", (row) => row.createdAt), c.fields("businessName", "status", "feePercent", "id")],
});
