import { createLoader, parseAsStringLiteral, type inferParserType } from "nuqs/server";
import { LIST_OPTIONS, listSearchParams } from "@/lib/list-params";

// The subscriptions list's URL state, read by the server page and the client toolbar alike.

// Repeated rather than imported: lib/payments/schemas would bring zod into the browser bundle. search-params.test.ts
// fails if this list and the client's SUBSCRIPTION_STATUSES ever differ.
export const SUBSCRIPTION_STATUSES = ["active", "past_due", "canceled", "unpaid", "incomplete", "incomplete_expired", "trialing"] as const;

export const subscriptionsSearchParams = {
  ...listSearchParams,
  status: parseAsStringLiteral(SUBSCRIPTION_STATUSES).withOptions(LIST_OPTIONS),
};

export const SUBSCRIPTIONS_FILTER_KEYS = ["status", "from", "to"] as const;

export type SubscriptionsSearchParams = inferParserType<typeof subscriptionsSearchParams>;

export const loadSubscriptionsSearchParams = createLoader(subscriptionsSearchParams);
