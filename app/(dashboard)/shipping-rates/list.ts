import { Truck } from "lucide-react";
import { defineList } from "@/app/(dashboard)/list-declaration";
import type { ShippingRateRow } from "./rows";

// The account's shipping rates (GET /v1/shipping-rates, the spec's list envelope): read-only, newest first. The service
// names no filter for them but the created range every list takes, and no detail page is needed: a row says it all.
export const shippingRatesList = defineList<ShippingRateRow>()({
  name: "shipping-rates",
  words: "shippingRatesList",
  filters: [{ kind: "range" }],
  skeletonColumns: 5,
  nav: { icon: Truck, order: 75 },
});
