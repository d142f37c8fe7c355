import "server-only";
import type { PaymentClient } from "./client";
import { parseInput, withoutEmpty } from "./input";
import { buildQuery, pageFromListMeta, type ListParams, type Page } from "./page";
import { paths } from "./paths";
import {
  idInputSchema,
  paymentIntentFiltersSchema,
  paymentIntentListSchema,
  paymentIntentSchema,
  type PaymentIntent,
  type PaymentIntentFilters,
} from "./schemas";

export type ListPaymentIntentsParams = ListParams & PaymentIntentFilters & {
  /** Also return the metadata keys used across the account's intents (for a metadata filter's choices). */
  includeMetadataKeys?: boolean;
};

export type PaymentIntentPage = Page<PaymentIntent> & { metadataKeys?: string[] };

export async function listPaymentIntents(
  client: PaymentClient,
  params: ListPaymentIntentsParams = {},
): Promise<PaymentIntentPage> {
  const { status, customerId, ...list } = params;
  const filters = parseInput(paymentIntentFiltersSchema, withoutEmpty({ status, customerId }), "payment intent filters");
  const { data, meta, metadataKeys } = await client.get(paths.paymentIntents, paymentIntentListSchema, buildQuery({ ...list, filters }));
  const page = pageFromListMeta(data, meta);
  return metadataKeys ? { ...page, metadataKeys } : page;
}

export async function getPaymentIntent(client: PaymentClient, id: string): Promise<PaymentIntent> {
  return client.get(paths.paymentIntent(parseInput(idInputSchema, id, "payment intent id")), paymentIntentSchema);
}
