import type { ShippingRate } from "@/lib/payments/schemas";

// What one row of the shipping rates table (and its CSV) needs. The spec shows none of a rate's fields: a field the
// service leaves out is null here and shown as missing, never guessed.

export type ShippingRateRow = {
  id: string;
  name: string | null;
  description: string | null;
  /** Minor units; null with its currency when the service gives no price. */
  amount: number | null;
  currency: string | null;
  /** null when the service does not say. */
  active: boolean | null;
  minDays: number | null;
  maxDays: number | null;
  createdAt: string;
};

export function toShippingRateRow(rate: ShippingRate): ShippingRateRow {
  const priced = rate.amount !== null && rate.amount !== undefined && !!rate.currency;
  return {
    id: rate.id,
    name: rate.displayName?.trim() || null,
    description: rate.description?.trim() || null,
    amount: priced ? rate.amount! : null,
    currency: priced ? rate.currency! : null,
    active: rate.isActive ?? null,
    minDays: rate.deliveryEstimate?.minimumDays ?? null,
    maxDays: rate.deliveryEstimate?.maximumDays ?? null,
    createdAt: rate.createdAt,
  };
}
