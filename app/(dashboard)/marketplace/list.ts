import { Store } from "lucide-react";
import { defineList } from "@/app/(dashboard)/list-declaration";
import type { AccountRow } from "./rows";

// The marketplace list: sellers' connected accounts, read-only (no detail page yet: rows lead nowhere), by created date.
export const marketplaceList = defineList<AccountRow>()({
  name: "marketplace",
  tableId: "connected-accounts",
  words: "accountsList",
  filters: [{ kind: "range" }],
  skeletonColumns: 4,
  nav: { icon: Store, order: 60 },
});
