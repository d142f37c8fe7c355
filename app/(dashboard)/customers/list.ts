import { Users } from "lucide-react";
import { defineList } from "@/app/(dashboard)/list-declaration";
import type { CustomerRow } from "./rows";

// The customers list: the account's customers with what they spent. The service filters them by created date only.
export const customersList = defineList<CustomerRow>()({
  name: "customers",
  words: "customersList",
  filters: [{ kind: "range" }],
  rowHref: (row) => `/customers/${encodeURIComponent(row.id)}`,
  skeletonColumns: 7,
  nav: { icon: Users, order: 20 },
});
