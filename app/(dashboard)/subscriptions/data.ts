import "server-only";
import { loadListView, type ListView } from "@/app/(dashboard)/list-view";
import { env } from "@/lib/env";
import { toListParams } from "@/lib/list-params";
import { listSubscriptions } from "@/lib/payments";
import { toSubscriptionRow, type SubscriptionRow } from "./rows";
import type { SubscriptionsSearchParams } from "./search-params";

export function loadSubscriptions(state: SubscriptionsSearchParams): Promise<ListView<SubscriptionRow>> {
  return loadListView(
    "subscriptions",
    (client) => listSubscriptions(client, { ...toListParams(state, env().DEFAULT_TIME_ZONE), status: state.status ?? undefined }),
    toSubscriptionRow,
  );
}
