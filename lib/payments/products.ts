import "server-only";
import type { PaymentClient } from "./client";
import { buildQuery, pageFromListMeta, type ListParams, type Page } from "./page";
import { paths } from "./paths";
import { productListSchema, type Product } from "./schemas";

export async function listProducts(client: PaymentClient, params: ListParams = {}): Promise<Page<Product>> {
  const { data, meta } = await client.get(paths.products, productListSchema, buildQuery(params));
  return pageFromListMeta(data, meta);
}
