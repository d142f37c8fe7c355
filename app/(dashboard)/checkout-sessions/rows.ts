import type { CheckoutSessionRow } from "@/db/queries/checkout-sessions";

// What one row of the checkout sessions table (and its CSV) needs, from the stored session.

export type CheckoutSessionListRow = {
  /** The session's URL as a path segment: its link in this app. */
  key: string;
  url: string;
  status: string;
  amount: number;
  currency: string;
  customerId: string | null;
  customerName: string | null;
  customerEmail: string | null;
  /** The metadata's values, "key: value" joined, for reading at a glance (the order number). */
  metadata: string | null;
  lineItemCount: number;
  lineItemsTotal: number | null;
  /** False when the line items do not add up to the total (or are in another currency). */
  addsUp: boolean;
  /** When the session was created (the event's createdAt); null in the odd stored session without one. */
  createdAt: string | null;
};

export function metadataText(metadata: Record<string, unknown> | null | undefined): string | null {
  if (!metadata || typeof metadata !== "object") return null;
  const parts = Object.entries(metadata).map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`);
  return parts.length > 0 ? parts.join(" · ") : null;
}

export function toCheckoutSessionRow(session: CheckoutSessionRow & { key: string }): CheckoutSessionListRow {
  return {
    key: session.key,
    url: session.url,
    status: session.paymentStatus,
    amount: session.amountTotal,
    currency: session.currency,
    customerId: session.customerId,
    customerName: session.customerName,
    customerEmail: session.customerEmail,
    metadata: metadataText(session.metadata),
    lineItemCount: session.lineItemCount,
    lineItemsTotal: session.lineItemsTotal,
    addsUp: session.lineItemsAddUp,
    createdAt: session.createdAt ? new Date(session.createdAt).toISOString() : null,
  };
}
