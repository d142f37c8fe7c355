import { CreditCard } from "lucide-react";
import { defineList } from "@/app/(dashboard)/list-declaration";
import { statusFilter } from "@/lib/list-filters";
import { PAYMENT_INTENT_STATUSES } from "@/lib/payments/values";
import type { PaymentRow } from "./rows";

// The Payments list: the account's payment intents, filtered by status, created date and customer.
export const paymentsList = defineList<PaymentRow>()({
  name: "payments",
  words: "payments",
  filters: [
    statusFilter(PAYMENT_INTENT_STATUSES, (status) => `paymentStatus.${status}`),
    { kind: "range" },
    { kind: "text", key: "customerId", code: true },
  ],
  rowHref: (row) => `/payments/${encodeURIComponent(row.id)}`,
  rowName: (row) => [row.customerName, row.id].filter(Boolean).join(", "),
  skeletonColumns: 7,
  nav: { icon: CreditCard, order: 10 },
});
