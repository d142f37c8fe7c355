import { createLoader, parseAsStringLiteral, type inferParserType } from "nuqs/server";
import { LIST_OPTIONS, listSearchParams } from "@/lib/list-params";
import { SUBSCRIPTION_STATUSES } from "@/lib/payments/values";

// The subscriptions list's URL state, read by the server page and the client toolbar alike.

export const subscriptionsSearchParams = {
  ...listSearchParams,
  status: parseAsStringLiteral(SUBSCRIPTION_STATUSES).withOptions(LIST_OPTIONS),
};

export const SUBSCRIPTIONS_FILTER_KEYS = ["status", "from", "to"] as const;

export type SubscriptionsSearchParams = inferParserType<typeof subscriptionsSearchParams>;

export const loadSubscriptionsSearchParams = createLoader(subscriptionsSearchParams);
