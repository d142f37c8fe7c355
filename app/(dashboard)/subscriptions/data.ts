import "server-only";
import { loadListView, type ListView } from "@/app/(dashboard)/list-view";
import { env } from "@/lib/env";
import { fetchSubscriptionsPage } from "./fetch-page";
import { toSubscriptionRow, type SubscriptionRow } from "./rows";
import type { SubscriptionsSearchParams } from "./search-params";

export function loadSubscriptions(state: SubscriptionsSearchParams): Promise<ListView<SubscriptionRow>> {
  return loadListView("subscriptions", (client) => fetchSubscriptionsPage(client, state, env().DEFAULT_TIME_ZONE), toSubscriptionRow);
}
