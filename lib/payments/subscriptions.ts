import "server-only";
import type { PaymentClient } from "./client";
import { parseInput } from "./input";
import { buildQuery, pageFromListMeta, type ListParams, type Page } from "./page";
import { paths } from "./paths";
import { idInputSchema, subscriptionListSchema, subscriptionSchema, type Subscription } from "./schemas";

export async function listSubscriptions(client: PaymentClient, params: ListParams = {}): Promise<Page<Subscription>> {
  const { data, meta } = await client.get(paths.subscriptions, subscriptionListSchema, buildQuery(params));
  return pageFromListMeta(data, meta);
}

export async function getSubscription(client: PaymentClient, id: string): Promise<Subscription> {
  return client.get(paths.subscription(parseInput(idInputSchema, id, "subscription id")), subscriptionSchema);
}
