import { TZDate } from "@date-fns/tz";
import { createdAtRange } from "@/lib/list-params";

// Calendar days in the operator's zone and the Overview's periods — today, this week (from Monday), each of the
// chart's last 30 days (also the failed renewals' chart and the period close's days) — as calendar days in the
// operator's zone and as the UTC instants that bound them. "Now" is the app's clock: the server that renders the page,
// never the browser's nor the Payment Service's.

/** Calendar days the volume chart covers, today included. */
export const CHART_DAYS = 30;

/** A span of whole calendar days: `from`–`to` (YYYY-MM-DD, inclusive) and the instants [start, end) in the zone. */
export type DayRange = { from: string; to: string; start: Date; end: Date };

/** One day of the chart: its name and bounds. */
export type ChartDay = { day: string; start: Date; end: Date };

export type OverviewPeriods = { today: DayRange; week: DayRange; days: ChartDay[] };

const pad = (n: number) => String(n).padStart(2, "0");

/** `day` plus `days` calendar days (plain date arithmetic: no zone, so no DST surprise). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The calendar day an instant falls on in a zone: 2026-11-22T03:00Z is still the 21st in Costa Rica. */
export function localDay(instant: Date, timeZone: string): string {
  const local = new TZDate(instant.getTime(), timeZone);
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

/** Days since the Monday that starts the week of `day` (Monday 0 … Sunday 6). */
function daysSinceMonday(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

// The list pages' date filter turns the same days into the same bounds, so a figure and the list it links to agree.
function dayRange(from: string, to: string, timeZone: string): DayRange {
  const range = createdAtRange(from, to, timeZone)!;
  return { from, to, start: new Date(range.gte!), end: new Date(range.lt!) };
}

export function overviewPeriods(now: Date, timeZone: string): OverviewPeriods {
  const today = localDay(now, timeZone);
  return {
    today: dayRange(today, today, timeZone),
    week: dayRange(addDays(today, -daysSinceMonday(today)), today, timeZone),
    days: Array.from({ length: CHART_DAYS }, (_, i) => {
      const { from: day, start, end } = dayRange(addDays(today, i - (CHART_DAYS - 1)), addDays(today, i - (CHART_DAYS - 1)), timeZone);
      return { day, start, end };
    }),
  };
}
