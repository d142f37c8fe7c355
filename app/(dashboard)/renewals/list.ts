import { RotateCw } from "lucide-react";
import { defineList } from "@/app/(dashboard)/list-declaration";
import { statusFilter } from "@/lib/list-filters";
import { RENEWAL_STATUSES } from "@/lib/payments/values";
import type { RenewalRow } from "./rows";

// The renewals list: every subscription period's renewal and its charge attempts, by status, date and subscription.
export const renewalsList = defineList<RenewalRow>()({
  name: "renewals",
  words: "renewalsList",
  filters: [
    statusFilter(RENEWAL_STATUSES, (status) => `subscription.renewalStatus.${status}`),
    { kind: "range" },
    { kind: "text", key: "subscriptionId", code: true },
  ],
  // A renewal is read in its subscription's context (its other periods, its items), so the row opens the subscription.
  rowHref: (row) => `/subscriptions/${encodeURIComponent(row.subscriptionId)}`,
  skeletonColumns: 6,
  nav: { icon: RotateCw, order: 40 },
});
