import "server-only";
import type { PaymentClient } from "./client";
import { parseInput } from "./input";
import { buildQuery, pageFromListMeta, type ListParams, type Page } from "./page";
import { paths } from "./paths";
import { idInputSchema, shippingRateListSchema, shippingRateSchema, type ShippingRate } from "./schemas";

export async function listShippingRates(client: PaymentClient, params: ListParams = {}): Promise<Page<ShippingRate>> {
  const { data, meta } = await client.get(paths.shippingRates, shippingRateListSchema, buildQuery(params));
  return pageFromListMeta(data, meta);
}

export async function getShippingRate(client: PaymentClient, id: string): Promise<ShippingRate> {
  return client.get(paths.shippingRate(parseInput(idInputSchema, id, "shipping rate id")), shippingRateSchema);
}
