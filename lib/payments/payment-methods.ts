import "server-only";
import type { PaymentClient } from "./client";
import { parseInput } from "./input";
import { buildQuery, pageFromListMeta, type ListParams, type Page } from "./page";
import { paths } from "./paths";
import { idInputSchema, paymentMethodListSchema, type PaymentMethod } from "./schemas";

/** A customer's saved payment methods (cards with brand and expiry, SINPE Móvil); an unknown customer is a 404. */
export async function listPaymentMethods(client: PaymentClient, customerId: string, params: ListParams = {}): Promise<Page<PaymentMethod>> {
  const path = paths.paymentMethods(parseInput(idInputSchema, customerId, "customer id"));
  const { data, meta } = await client.get(path, paymentMethodListSchema, buildQuery(params));
  return pageFromListMeta(data, meta);
}
