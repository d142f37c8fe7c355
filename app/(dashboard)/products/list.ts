import { Package } from "lucide-react";
import { defineList } from "@/app/(dashboard)/list-declaration";
import type { ProductRow } from "./rows";

// The products list: the account's catalogue, read-only, by created date; a row opens its product (and its prices).
export const productsList = defineList<ProductRow>()({
  name: "products",
  words: "productsList",
  filters: [{ kind: "range" }],
  rowHref: (row) => `/products/${encodeURIComponent(row.id)}`,
  skeletonColumns: 4,
  nav: { icon: Package, order: 70 },
});
