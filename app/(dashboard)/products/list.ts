import { Package } from "lucide-react";
import { defineList } from "@/app/(dashboard)/list-declaration";
import type { ProductRow } from "./rows";

// The products list: the account's catalogue, read-only (no detail page: rows lead nowhere), by created date.
export const productsList = defineList<ProductRow>()({
  name: "products",
  words: "productsList",
  filters: [{ kind: "range" }],
  skeletonColumns: 4,
  nav: { icon: Package, order: 70 },
});
