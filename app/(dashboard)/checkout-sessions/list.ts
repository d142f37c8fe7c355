import { ShoppingCart } from "lucide-react";
import { defineList } from "@/app/(dashboard)/list-declaration";
import { statusFilter, type ListStateOf } from "@/lib/list-filters";
import type { CheckoutSessionListRow } from "./rows";

export const CHECKOUT_PAYMENT_STATUSES = ["paid", "unpaid"] as const;

// Checkout sessions as this app recorded them from checkout-session.succeeded (the service offers no list of them):
// read from the database, newest first. A session has no id; its key (its URL, base64url) names it in links.
export const checkoutSessionsList = defineList<CheckoutSessionListRow>()({
  name: "checkout-sessions",
  words: "checkoutSessionsList",
  filters: [
    statusFilter(CHECKOUT_PAYMENT_STATUSES, (status) => `checkoutSession.status.${status}`),
    // Any metadata value, whatever its key: an order number, a cart id.
    { kind: "text", key: "metadata" },
    { kind: "text", key: "customerId", code: true },
    { kind: "range" },
  ],
  rowId: (row) => row.key,
  rowHref: (row) => `/checkout-sessions/${row.key}`,
  skeletonColumns: 6,
  nav: { icon: ShoppingCart, order: 15 },
});

export type CheckoutSessionsSearchParams = ListStateOf<typeof checkoutSessionsList.filters>;
