import "server-only";
import { toListParams } from "@/lib/list-params";
import { listSubscriptions, type PaymentClient } from "@/lib/payments";
import type { SubscriptionsSearchParams } from "./search-params";

/** The API call for a list state, shared by the page and the CSV export (which pages on with its own cursor). */
export function fetchSubscriptionsPage(client: PaymentClient, state: SubscriptionsSearchParams, timeZone: string) {
  return listSubscriptions(client, { ...toListParams(state, timeZone), status: state.status ?? undefined });
}
