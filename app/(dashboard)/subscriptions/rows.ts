import type { CustomerName } from "@/db/queries/customer-names";
import type { Subscription } from "@/lib/payments/schemas";
import { toSubscriptionView } from "./[id]/view";

// What one row of the subscriptions table needs. The period and per-period total are read as the detail page reads
// them (the spec lists no subscription fields), so the list and the page never disagree. The customer's name and
// e-mail come from the sync's local copy (source.ts); null when the customer is not synced yet.

export type SubscriptionRow = {
  id: string;
  status: string;
  customerId: string | null;
  // Left out rather than null when unknown: 25 rows of `"customerName":null` cost the page's HTML a kilobyte.
  customerName?: string;
  customerEmail?: string;
  /** What is subscribed: the subscription's description, else its items' descriptions. */
  description?: string;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  perPeriod: { amount: number; currency: string } | null;
  createdAt: string;
};

/** A subscription from the service with its customer as the local copy knows them (absent when not synced). */
export type SubscriptionItem = Subscription & { customer?: CustomerName };

export function toSubscriptionRow(subscription: SubscriptionItem): SubscriptionRow {
  const view = toSubscriptionView(subscription);
  const items = [...new Set(view.items.map((item) => item.description).filter((text): text is string => !!text))];
  return {
    id: view.id,
    status: view.status,
    customerId: view.customerId || null,
    ...optional("customerName", subscription.customer?.name),
    ...optional("customerEmail", subscription.customer?.email),
    ...optional("description", view.description || items.join(", ")),
    currentPeriodStart: view.currentPeriodStart ?? null,
    currentPeriodEnd: view.currentPeriodEnd ?? null,
    perPeriod: view.perPeriod,
    createdAt: view.createdAt,
  };
}

const optional = <K extends string>(key: K, value: string | null | undefined) => (value ? ({ [key]: value } as Record<K, string>) : {});
