import "server-only";
import { loadListView, type ListView } from "@/app/(dashboard)/list-view";
import { env } from "@/lib/env";
import { toListParams } from "@/lib/list-params";
import { listProducts } from "@/lib/payments";
import { toProductRow, type ProductRow } from "./rows";
import type { ProductsSearchParams } from "./search-params";

export function loadProducts(state: ProductsSearchParams): Promise<ListView<ProductRow>> {
  return loadListView("products", (client) => listProducts(client, toListParams(state, env().DEFAULT_TIME_ZONE)), toProductRow);
}
