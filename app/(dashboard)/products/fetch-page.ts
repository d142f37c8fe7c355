import "server-only";
import { toListParams } from "@/lib/list-params";
import { listProducts, type PaymentClient } from "@/lib/payments";
import type { ProductsSearchParams } from "./search-params";

/** The API call for a list state, shared by the page and the CSV export (which pages on with its own cursor). */
export function fetchProductsPage(client: PaymentClient, state: ProductsSearchParams, timeZone: string) {
  return listProducts(client, toListParams(state, timeZone));
}
