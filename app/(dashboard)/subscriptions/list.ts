import { Repeat } from "lucide-react";
import { defineList } from "@/app/(dashboard)/list-declaration";
import { statusFilter } from "@/lib/list-filters";
import { SUBSCRIPTION_STATUSES } from "@/lib/payments/values";
import type { SubscriptionRow } from "./rows";

// The subscriptions list: recurring charges and their state, filtered by status and created date.
export const subscriptionsList = defineList<SubscriptionRow>()({
  name: "subscriptions",
  words: "subscriptionsList",
  filters: [statusFilter(SUBSCRIPTION_STATUSES, (status) => `subscription.status.${status}`), { kind: "range" }],
  rowHref: (row) => `/subscriptions/${encodeURIComponent(row.id)}`,
  skeletonColumns: 6,
  nav: { icon: Repeat, order: 30 },
});
