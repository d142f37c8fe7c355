import type { CheckoutLineItem } from "@/db/queries/checkout-sessions";

/**
 * Whether a session's line items add up to its total, and by how much they miss it (what the page says when they do
 * not: a shipping rate or a tax charged outside the lines). Items in another currency cannot be added up at all.
 */
export function lineItemsCheck(session: { lineItems: readonly CheckoutLineItem[]; amountTotal: number; currency: string }) {
  const otherCurrency = session.lineItems.some((item) => item.currency !== session.currency);
  const sum = session.lineItems.reduce((total, item) => total + item.amount, 0);
  return { sum, otherCurrency, difference: session.amountTotal - sum, addsUp: !otherCurrency && sum === session.amountTotal };
}
