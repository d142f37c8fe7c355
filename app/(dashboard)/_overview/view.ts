import type { DailyVolumeRow, IntentOutcome, IntentTotalsRow } from "@/db/queries/overview";
import { byCurrencyOrder, compareCurrencies } from "@/lib/format/currency-order";

// The Overview's figures shaped for display: per outcome and period, per currency, never adding one currency to
// another. Sums arrive as decimal text and become bigint here, exact at any size.

export const OUTCOMES: readonly IntentOutcome[] = ["succeeded", "failed", "deferred"];

export type Amount = { currency: string; amount: bigint };

export type PeriodFigures = { count: number; amounts: Amount[]; unpriced: number };
export type OutcomeFigures = { outcome: IntentOutcome; today: PeriodFigures; week: PeriodFigures };

/** The amounts of the currencies that have intents in the period, in the Overview's order of currencies. */
function period(rows: IntentTotalsRow[], pick: (row: IntentTotalsRow) => { count: number; amount: string; unpriced: number }): PeriodFigures {
  const figures = rows.map((row) => ({ currency: row.currency, ...pick(row) })).filter((f) => f.count > 0);
  const amounts = figures
    // Intents that all lack an amount (or a currency) add a count, not a "₡0,00" line.
    .filter((f): f is typeof f & { currency: string } => f.currency !== null && f.count > f.unpriced)
    .sort((a, b) => compareCurrencies(a.currency, b.currency))
    .map((f) => ({ currency: f.currency, amount: BigInt(f.amount) }));
  return {
    count: figures.reduce((sum, f) => sum + f.count, 0),
    amounts,
    unpriced: figures.reduce((sum, f) => sum + (f.currency === null ? f.count : f.unpriced), 0),
  };
}

export function outcomeFigures(rows: IntentTotalsRow[]): OutcomeFigures[] {
  return OUTCOMES.map((outcome) => {
    const mine = rows.filter((row) => row.outcome === outcome);
    return {
      outcome,
      today: period(mine, (row) => ({ count: row.todayCount, amount: row.todayAmount, unpriced: row.todayUnpriced })),
      week: period(mine, (row) => ({ count: row.weekCount, amount: row.weekAmount, unpriced: row.weekUnpriced })),
    };
  });
}

export type VolumePoint = { day: string; count: number; amount: bigint };
export type CurrencySeries = { currency: string; points: VolumePoint[]; count: number; total: bigint; peak: VolumePoint };

/** How many currencies get a chart of their own (colones and dollars, for most merchants); the rest get a line. */
export const CHARTED_CURRENCIES = 2;

/**
 * One series per currency over every day of the window (a day without payments is a zero, not a gap), the main
 * currencies first: those with the most payments, since amounts in different currencies cannot be compared.
 */
export function volumeSeries(rows: DailyVolumeRow[], days: readonly string[]): { charted: CurrencySeries[]; others: CurrencySeries[] } {
  // Not Map.groupBy: Node 20 does not have it.
  const byCurrency = new Map<string, DailyVolumeRow[]>();
  for (const row of rows) byCurrency.set(row.currency, [...(byCurrency.get(row.currency) ?? []), row]);
  const series = [...byCurrency].map(([currency, own]): CurrencySeries => {
    const byDay = new Map(own.map((row) => [row.day, row]));
    const points = days.map((day) => ({ day, count: byDay.get(day)?.count ?? 0, amount: BigInt(byDay.get(day)?.amount ?? 0) }));
    // The latest of equal highs: the most recent is the one an operator remembers.
    const peak = points.reduce((best, point) => (point.amount >= best.amount ? point : best));
    return {
      currency,
      points,
      count: points.reduce((sum, p) => sum + p.count, 0),
      total: points.reduce((sum, p) => sum + p.amount, 0n),
      peak,
    };
  });
  // The busiest currencies get the charts; each group is then shown in the Overview's order of currencies.
  series.sort((a, b) => b.count - a.count || compareCurrencies(a.currency, b.currency));
  return { charted: byCurrencyOrder(series.slice(0, CHARTED_CURRENCIES)), others: byCurrencyOrder(series.slice(CHARTED_CURRENCIES)) };
}
