export const DEFAULT_TIME_ZONE = "America/Costa_Rica";

type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a valid time: ${String(value)}`);
  return date;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };
const DATE: Intl.DateTimeFormatOptions = { dateStyle: "medium" };

/**
 * One formatter per locale, zone and options for the process's life. The options' key is serialised unless the caller
 * names them (`name`): a list formats a time on every row, and serialising on each call cost more than the lookup.
 */
function formatter(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions, name = JSON.stringify(options)): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${name}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, cached);
  }
  return cached;
}

/** Date and time in the operator's zone: "21 nov 2026, 04:23" (es-CR), "Nov 21, 2026, 4:23 AM" (en-US). */
export function formatDateTime(value: DateInput, locale: string, timeZone = DEFAULT_TIME_ZONE): string {
  return formatter(locale, timeZone, DATE_TIME, "dateTime").format(toDate(value));
}

export function formatDate(value: DateInput, locale: string, timeZone = DEFAULT_TIME_ZONE): string {
  return formatter(locale, timeZone, DATE, "date").format(toDate(value));
}

/** The exact instant in UTC, for a hover title: "2026-11-21 10:23:45 UTC". */
export function formatUtc(value: DateInput): string {
  return `${toDate(value).toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

/**
 * The wall-clock time in a zone, ISO-like and sortable: "2026-11-21 04:23:45". For exports, whose header names the
 * zone; a spreadsheet reads this as a date and time, which it does not for an ISO string with an offset.
 */
export function formatLocalTimestamp(value: DateInput, timeZone = DEFAULT_TIME_ZONE): string {
  const parts = formatter("en-US", timeZone, LOCAL_TIMESTAMP).formatToParts(toDate(value));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")} ${part("hour")}:${part("minute")}:${part("second")}`;
}

const LOCAL_TIMESTAMP: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
};

/**
 * A calendar day (YYYY-MM-DD) in words: a date, not an instant, so no zone can move it to the day before. The default
 * is short ("sáb, 21 nov"); pass { dateStyle: "full" } for a heading.
 */
export function formatCalendarDay(day: string, locale: string, options: Intl.DateTimeFormatOptions = { weekday: "short", day: "numeric", month: "short" }): string {
  return formatter(locale, "UTC", options).format(toDate(`${day}T00:00:00Z`));
}

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 30],
  ["month", 12],
  ["year", Infinity],
];

/** How long ago (or from now), in the largest whole unit: "hace 2 minutos", "2 minutes ago", "ahora". */
export function formatRelativeTime(value: DateInput, locale: string, now: DateInput = new Date()): string {
  let amount = (toDate(value).getTime() - toDate(now).getTime()) / 1000;
  // "auto" only for the present ("now"): it says "anteayer" for two days ago, which reads oddly beside counts.
  if (Math.abs(amount) < 1) return new Intl.RelativeTimeFormat(locale, { numeric: "auto" }).format(0, "second");
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "always" });
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return format.format(Math.trunc(amount), unit);
    amount /= size;
  }
  return format.format(Math.trunc(amount), "year");
}

/**
 * How long ago, at least a second: "hace 1 segundo", never "ahora" or a time to come (a clock a little ahead of this
 * one), which read oddly after "copia de" or "al día".
 */
export function formatTimeAgo(value: DateInput, locale: string, now: DateInput = new Date()): string {
  const at = toDate(now).getTime();
  return formatRelativeTime(Math.min(toDate(value).getTime(), at - 1000), locale, at);
}

/** A count with the locale's grouping: "20 000" (es-CR), "20,000" (en-US). */
export function formatCount(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

/**
 * The place an IANA zone is named after, for a sentence an operator reads: "America/Costa_Rica" → "Costa Rica",
 * "America/Argentina/Buenos_Aires" → "Buenos Aires". A zone with no place ("UTC", "Etc/GMT+6") keeps its name.
 */
export function timeZonePlace(timeZone: string): string {
  const parts = timeZone.split("/");
  if (parts.length < 2 || parts[0] === "Etc") return timeZone;
  return parts[parts.length - 1]!.replace(/_/g, " ");
}
