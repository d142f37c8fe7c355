import { Truck } from "lucide-react";
import { defineList, type ListName } from "@/app/(dashboard)/list-declaration";
import { statusFilter } from "@/lib/list-filters";
import type { ShippingRateRow } from "./source";

// A list that exists only for lists.fixture.test.ts: what adding a list takes (this folder, a line in lists.ts and the
// catalogs' pages.<name>, nav.<name> and <words>.caption/emptyTitle/emptyBody/total). The catalogs have no
// "shipping-rates" keys, so its name and words borrow the products list's type.
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
