// The app's one order of currencies, on every card, chart and list that shows several: colones, dollars, then the
// rest by code. The failed renewals' "amount" order writes the same ranks in SQL (db/queries/renewal-failure-state.ts)
// from LEADING_CURRENCIES; app/(dashboard)/renewals/failed/amount-order.int.test.ts holds the two equal.

/** Colones first, then dollars; any other currency after them. */
export const LEADING_CURRENCIES = ["CRC", "USD"] as const;

/** A currency's place in the order: its index among the leading ones, or after all of them. */
export function currencyRank(code: string): number {
  const index = (LEADING_CURRENCIES as readonly string[]).indexOf(code.toUpperCase());
  return index === -1 ? LEADING_CURRENCIES.length : index;
}

export function compareCurrencies(a: string, b: string): number {
  return currencyRank(a) - currencyRank(b) || a.localeCompare(b);
}

/** Rows with a currency, in the app's order (compareCurrencies); a new array. */
export function byCurrencyOrder<T extends { currency: string }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => compareCurrencies(a.currency, b.currency));
}
