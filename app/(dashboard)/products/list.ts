import { Package } from "lucide-react";
import { defineList } from "@/app/(dashboard)/list-declaration";
import type { ProductRow } from "./rows";

// The products list: the account's catalogue, read-only (no detail page: rows lead nowhere), by created date.
export const productsList = defineList({
  name: "products",
  words: "productsList",
  filters: [{ kind: "range" }],
  rowId: (row: ProductRow) => row.id,
  skeletonColumns: 4,
  nav: { icon: Package, order: 70 },
});
