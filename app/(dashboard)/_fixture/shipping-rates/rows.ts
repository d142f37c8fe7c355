// A shipping rate as the (imagined) service sends it, and the row its table and export read.
export type ShippingRate = { id: string; zone: string; status: "active" | "archived"; amount: number; currency: string; createdAt: string; metadata?: unknown };
export type ShippingRateRow = Omit<ShippingRate, "metadata">;

export const toShippingRateRow = ({ id, zone, status, amount, currency, createdAt }: ShippingRate): ShippingRateRow => ({ id, zone, status, amount, currency, createdAt });
