import type { Subscription } from "@/lib/payments/schemas";
import { toSubscriptionView } from "./[id]/view";

// What one row of the subscriptions table needs. The period and per-period total are read as the detail page reads
// them (the spec lists no subscription fields), so the list and the page never disagree.

export type SubscriptionRow = {
  id: string;
  status: string;
  customerId: string | null;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  perPeriod: { amount: number; currency: string } | null;
  createdAt: string;
};

export function toSubscriptionRow(subscription: Subscription): SubscriptionRow {
  const view = toSubscriptionView(subscription);
  return {
    id: view.id,
    status: view.status,
    customerId: view.customerId || null,
    currentPeriodStart: view.currentPeriodStart ?? null,
    currentPeriodEnd: view.currentPeriodEnd ?? null,
    perPeriod: view.perPeriod,
    createdAt: view.createdAt,
  };
}
