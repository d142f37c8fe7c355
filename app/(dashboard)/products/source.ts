import "server-only";
import { defineListSource, servicePage } from "@/app/(dashboard)/list-view";
import { listProducts } from "@/lib/payments";
import { productsList } from "./list";
import { toProductRow } from "./rows";

// Products from the service, and as CSV.
export const productsSource = defineListSource(productsList, {
  fetchPage: servicePage(listProducts),
  toRow: toProductRow,
  exportColumns: (c) => [c.time("created", (row) => row.createdAt), c.fields("name", "description", "active", "id")],
});
