import type { Price } from "@/lib/payments/schemas";

// A product's prices as its page lists them: the ones on sale first, then the rest, each group newest first.

const rank = (price: Price) => (price.isActive === false ? 1 : 0);

export function sortPrices(prices: readonly Price[]): Price[] {
  return [...prices].sort((a, b) => rank(a) - rank(b) || b.createdAt.localeCompare(a.createdAt));
}

/** One-off, or recurring every N intervals; null when the service does not say which. */
export type Billing = { kind: "one_time" } | { kind: "recurring"; interval: string; count: number } | null;

export function billingOf(price: Price): Billing {
  if (price.recurring?.interval) return { kind: "recurring", interval: price.recurring.interval, count: price.recurring.intervalCount ?? 1 };
  if (price.type === "one_time") return { kind: "one_time" };
  return null;
}
