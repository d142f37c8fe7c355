import { Store } from "lucide-react";
import { defineList } from "@/app/(dashboard)/list-declaration";
import { statusFilter } from "@/lib/list-filters";
import { CONNECTED_ACCOUNT_STATUSES } from "@/lib/payments/values";
import type { AccountRow } from "./rows";

// The marketplace list: sellers' connected accounts by status, business name, stuck onboarding and created date,
// read from the sync's copy (the service filters them by date only). A row opens the seller.
export const marketplaceList = defineList<AccountRow>()({
  name: "marketplace",
  tableId: "connected-accounts",
  words: "accountsList",
  filters: [
    statusFilter(CONNECTED_ACCOUNT_STATUSES, (status) => `accountsList.status.${status}`),
    { kind: "text", key: "name" },
    { kind: "select", key: "flag", values: ["stuck"], label: "accountsList.flag", allLabel: "accountsList.allFlags", optionLabel: () => "accountsList.stuckOnly" },
    { kind: "range" },
  ],
  rowHref: (row) => `/marketplace/${encodeURIComponent(row.id)}`,
  skeletonColumns: 5,
  syncedFrom: "accounts",
  nav: { icon: Store, order: 60 },
});
