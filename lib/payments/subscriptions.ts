import "server-only";
import type { PaymentClient } from "./client";
import { parseInput, withoutEmpty } from "./input";
import { buildQuery, pageFromListMeta, type ListParams, type Page } from "./page";
import { paths } from "./paths";
import {
  idInputSchema,
  subscriptionFiltersSchema,
  subscriptionListSchema,
  subscriptionSchema,
  type Subscription,
  type SubscriptionFilters,
} from "./schemas";

export type ListSubscriptionsParams = ListParams & SubscriptionFilters;

export async function listSubscriptions(client: PaymentClient, params: ListSubscriptionsParams = {}): Promise<Page<Subscription>> {
  const { status, customerId, ...list } = params;
  const filters = parseInput(subscriptionFiltersSchema, withoutEmpty({ status, customerId }), "subscription filters");
  const { data, meta } = await client.get(paths.subscriptions, subscriptionListSchema, buildQuery({ ...list, filters }));
  return pageFromListMeta(data, meta);
}

export async function getSubscription(client: PaymentClient, id: string): Promise<Subscription> {
  return client.get(paths.subscription(parseInput(idInputSchema, id, "subscription id")), subscriptionSchema);
}
