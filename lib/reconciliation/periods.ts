import { z } from "zod";
import { isCalendarDay } from "@/lib/calendar-day";
import { isCurrencyCode } from "@/lib/format/money";
import { createdAtRange } from "@/lib/list-params";

// Period close (/reconciliation/close): a day, a week (Monday to Sunday) or a calendar month in the operator's zone, for
// one currency. Pure: the page, the actions, the CSV and the tests share these bounds and this arithmetic.

export const PERIOD_KINDS = ["day", "week", "month"] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

/** A period: its kind, its first and last calendar days (inclusive) and the instants [start, end) in the zone. */
export type Period = { kind: PeriodKind; from: string; to: string; start: Date; end: Date };

const parts = (day: string) => day.split("-").map(Number) as [number, number, number];
const isoDay = (year: number, monthIndex: number, date: number) => new Date(Date.UTC(year, monthIndex, date)).toISOString().slice(0, 10);

/**
 * The period of `kind` that contains `day`. Days are counted as calendar dates (no zone, so no DST surprise) and only
 * then turned into instants in the zone, the same way the list pages' date filter does (createdAtRange).
 */
export function periodOf(kind: PeriodKind, day: string, timeZone: string): Period {
  if (!isCalendarDay(day)) throw new RangeError(`not a calendar day: ${day}`);
  const [y, m, d] = parts(day);
  let from = day;
  let to = day;
  if (kind === "week") {
    const sinceMonday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
    from = isoDay(y, m - 1, d - sinceMonday);
    to = isoDay(y, m - 1, d - sinceMonday + 6);
  } else if (kind === "month") {
    from = isoDay(y, m - 1, 1);
    to = isoDay(y, m, 0);
  }
  const range = createdAtRange(from, to, timeZone)!;
  return { kind, from, to, start: new Date(range.gte!), end: new Date(range.lt!) };
}

/** The period just before or after (for the page's arrows); null past the years a day may have (lib/calendar-day). */
export function shiftPeriod(period: Period, steps: -1 | 1, timeZone: string): Period | null {
  const [y, m, d] = parts(period.from);
  // A week is named by its Sunday: the first week of 1970 began on Monday 1969-12-29.
  const day = period.kind === "day" ? isoDay(y, m - 1, d + steps) : period.kind === "week" ? isoDay(y, m - 1, d + 7 * steps + 6) : isoDay(y, m - 1 + steps, 1);
  return isCalendarDay(day) ? periodOf(period.kind, day, timeZone) : null;
}

/** The URL's choice: ?kind=day&date=2026-11-18&currency=CRC. Each field says what is wrong with it. */
export const periodParamsSchema = z.object({
  kind: z.enum(PERIOD_KINDS, { error: "kind must be day, week or month" }),
  date: z.string().refine(isCalendarDay, { message: "date must be a calendar day as YYYY-MM-DD, from 1970 to 9998" }),
  currency: z
    .string()
    .transform((c) => c.toUpperCase())
    .refine((c) => /^[A-Z]{3}$/.test(c) && isCurrencyCode(c), { message: "currency must be an ISO 4217 code such as CRC" }),
});
export type PeriodParams = z.infer<typeof periodParamsSchema>;

/** What a period's figures are made of, in integer minor units and counts. */
export type Bucket = { count: number; amount: number };
export type PeriodFigures = {
  /** Every transfer in the period whose money arrived. */
  received: Bucket;
  /** Settled against an intent (by the service or an operator). */
  confirmed: Bucket;
  /** Kept without an intent, with an operator's note. */
  accepted: Bucket;
  /** Still open: with a suggestion waiting for an operator, or with none. */
  suggested: Bucket;
  unmatched: Bucket;
};

export type AddUp = { open: Bucket; accounted: Bucket; difference: Bucket; addsUp: boolean };

/**
 * Whether received = confirmed + accepted + open, to the minor unit and the transfer. Each figure is its own query, so
 * a transfer counted twice or nowhere (money received that no rule has looked at yet) shows as a difference.
 */
export function addUp(f: PeriodFigures): AddUp {
  const sum = (...b: Bucket[]): Bucket => ({ count: b.reduce((s, x) => s + x.count, 0), amount: b.reduce((s, x) => s + x.amount, 0) });
  const open = sum(f.suggested, f.unmatched);
  const accounted = sum(f.confirmed, f.accepted, open);
  const difference = { count: f.received.count - accounted.count, amount: f.received.amount - accounted.amount };
  return { open, accounted, difference, addsUp: difference.count === 0 && difference.amount === 0 };
}

const LINES = ["received", "confirmed", "accepted", "suggested", "unmatched"] as const;

/** Whether two sets of figures are the same, line by line (a closure's, read back from jsonb, against now). */
export function sameFigures(a: PeriodFigures, b: PeriodFigures): boolean {
  return LINES.every((k) => a[k].count === b[k].count && a[k].amount === b[k].amount);
}
