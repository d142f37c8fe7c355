import "server-only";
import { loadListView, type ListView } from "@/app/(dashboard)/list-view";
import { env } from "@/lib/env";
import { fetchProductsPage } from "./fetch-page";
import { toProductRow, type ProductRow } from "./rows";
import type { ProductsSearchParams } from "./search-params";

export function loadProducts(state: ProductsSearchParams): Promise<ListView<ProductRow>> {
  return loadListView("products", (client) => fetchProductsPage(client, state, env().DEFAULT_TIME_ZONE), toProductRow);
}
