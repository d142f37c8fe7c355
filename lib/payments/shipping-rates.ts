import "server-only";
import type { PaymentClient } from "./client";
import { buildQuery, pageFromListMeta, type ListParams, type Page } from "./page";
import { paths } from "./paths";
import { shippingRateListSchema, type ShippingRate } from "./schemas";

export async function listShippingRates(client: PaymentClient, params: ListParams = {}): Promise<Page<ShippingRate>> {
  const { data, meta } = await client.get(paths.shippingRates, shippingRateListSchema, buildQuery(params));
  return pageFromListMeta(data, meta);
}
