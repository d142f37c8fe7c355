import { Truck } from "lucide-react";
import { defineList, type ListName } from "@/app/(dashboard)/list-declaration";
import { statusFilter } from "@/lib/list-filters";
import type { ShippingRateRow } from "./rows";

// A list that exists only for lists.fixture.test.ts, added as a real one is: this folder (list.ts, rows.ts, source.ts,
// columns.tsx, page.tsx), its line in lists.ts (the test registers it instead), and the catalogs' pages.<name>,
// nav.<name> and <words>.caption/emptyTitle/emptyBody/total/columns.*. The catalogs have no "shipping-rates" keys, so
// its name is cast and its words borrow the products list's.
export const shippingRatesList = defineList<ShippingRateRow>()({
  name: "shipping-rates" as ListName,
  words: "productsList",
  filters: [
    statusFilter(["active", "archived"] as const, () => "dataTable.allStatuses"),
    { kind: "range" },
    { kind: "text", key: "zone", label: "dataTable.filters", placeholder: "dataTable.filters" },
  ],
  skeletonColumns: 3,
  nav: { icon: Truck, order: 75 },
});
