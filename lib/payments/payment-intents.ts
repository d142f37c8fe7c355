import "server-only";
import type { PaymentClient } from "./client";
import { parseInput } from "./input";
import { buildQuery, pageFromListMeta, type ListParams, type Page } from "./page";
import { paths } from "./paths";
import { idInputSchema, paymentIntentListSchema, paymentIntentSchema, type PaymentIntent } from "./schemas";

export type ListPaymentIntentsParams = ListParams & {
  /** Also return the metadata keys used across the account's intents (for a metadata filter's choices). */
  includeMetadataKeys?: boolean;
};

export type PaymentIntentPage = Page<PaymentIntent> & { metadataKeys?: string[] };

export async function listPaymentIntents(
  client: PaymentClient,
  params: ListPaymentIntentsParams = {},
): Promise<PaymentIntentPage> {
  const { data, meta, metadataKeys } = await client.get(paths.paymentIntents, paymentIntentListSchema, buildQuery(params));
  const page = pageFromListMeta(data, meta);
  return metadataKeys ? { ...page, metadataKeys } : page;
}

export async function getPaymentIntent(client: PaymentClient, id: string): Promise<PaymentIntent> {
  return client.get(paths.paymentIntent(parseInput(idInputSchema, id, "payment intent id")), paymentIntentSchema);
}
