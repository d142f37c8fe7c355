import "server-only";
import type { PaymentClient } from "./client";
import { parseInput, withoutEmpty } from "./input";
import { buildQuery, pageFromListMeta, type ListParams, type Page } from "./page";
import { paths } from "./paths";
import {
  idInputSchema,
  priceFiltersSchema,
  priceListSchema,
  productListSchema,
  productSchema,
  type Price,
  type PriceFilters,
  type Product,
} from "./schemas";

export async function listProducts(client: PaymentClient, params: ListParams = {}): Promise<Page<Product>> {
  const { data, meta } = await client.get(paths.products, productListSchema, buildQuery(params));
  return pageFromListMeta(data, meta);
}

export async function getProduct(client: PaymentClient, id: string): Promise<Product> {
  return client.get(paths.product(parseInput(idInputSchema, id, "product id")), productSchema);
}

export type ListPricesParams = ListParams & PriceFilters;

/** The account's prices, or one product's with `productId` (a product page's price table). */
export async function listPrices(client: PaymentClient, params: ListPricesParams = {}): Promise<Page<Price>> {
  const { productId, ...list } = params;
  const filters = parseInput(priceFiltersSchema, withoutEmpty({ productId }), "price filters");
  const { data, meta } = await client.get(paths.prices, priceListSchema, buildQuery({ ...list, filters }));
  return pageFromListMeta(data, meta);
}
