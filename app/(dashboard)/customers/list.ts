import { Users } from "lucide-react";
import { defineList } from "@/app/(dashboard)/list-declaration";
import type { CustomerRow } from "./rows";

// The customers list: the account's customers with what they spent. The service filters them by created date only.
export const customersList = defineList({
  name: "customers",
  words: "customersList",
  filters: [{ kind: "range" }],
  rowId: (row: CustomerRow) => row.id,
  rowHref: (row: CustomerRow) => `/customers/${encodeURIComponent(row.id)}`,
  skeletonColumns: 7,
  nav: { icon: Users, order: 20 },
});
