import "server-only";
import { defineListSource } from "@/app/(dashboard)/list-view";
import { shippingRatesList } from "./list";
import { toShippingRateRow, type ShippingRate } from "./rows";

/** Rates held in memory, filtered by status and zone and paged by id, as a service would. */
export const SHIPPING_RATES: ShippingRate[] = Array.from({ length: 150 }, (_, index) => ({
  id: `shr_${String(index + 1).padStart(3, "0")}`,
  zone: index % 2 ? "GAM" : "Guanacaste",
  status: index % 3 ? "active" : "archived",
  amount: 150_000 + index,
  currency: "CRC",
  createdAt: new Date(Date.UTC(2026, 10, 1, 12) + index * 60_000).toISOString(),
}));

export const shippingRatesSource = defineListSource(shippingRatesList, {
  fetchPage: async (_context, state) => {
    const matching = SHIPPING_RATES.filter((rate) => (!state.status || rate.status === state.status) && (!state.zone || rate.zone === state.zone));
    const start = state.startingAfter ? matching.findIndex((rate) => rate.id === state.startingAfter) + 1 : 0;
    const items = matching.slice(start, start + state.limit);
    const next = start + state.limit < matching.length ? items.at(-1)?.id : undefined;
    return { items, next, total: matching.length };
  },
  toRow: toShippingRateRow,
  exportColumns: (c) => [c.time("created", (row) => row.createdAt), c.fields("status"), c.money("amount", (row) => row), c.fields("id")],
});
