export const DEFAULT_TIME_ZONE = "America/Costa_Rica";

type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a valid time: ${String(value)}`);
  return date;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, cached);
  }
  return cached;
}

/** Date and time in the operator's zone: "21 nov 2026, 04:23" (es-CR), "Nov 21, 2026, 4:23 AM" (en-US). */
export function formatDateTime(value: DateInput, locale: string, timeZone = DEFAULT_TIME_ZONE): string {
  return formatter(locale, timeZone, { dateStyle: "medium", timeStyle: "short" }).format(toDate(value));
}

export function formatDate(value: DateInput, locale: string, timeZone = DEFAULT_TIME_ZONE): string {
  return formatter(locale, timeZone, { dateStyle: "medium" }).format(toDate(value));
}

/** The exact instant in UTC, for a hover title: "2026-11-21 10:23:45 UTC". */
export function formatUtc(value: DateInput): string {
  return `${toDate(value).toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

/** The zone's short name at that instant ("CST", "GMT-6"), so a screen or export can say which zone it shows. */
export function timeZoneLabel(value: DateInput, locale: string, timeZone = DEFAULT_TIME_ZONE): string {
  const parts = formatter(locale, timeZone, { timeZoneName: "short" }).formatToParts(toDate(value));
  return parts.find((part) => part.type === "timeZoneName")?.value ?? timeZone;
}

/**
 * A calendar day (YYYY-MM-DD) in words: a date, not an instant, so no zone can move it to the day before. The default
 * is short ("sáb, 21 nov"); pass { dateStyle: "full" } for a heading.
 */
export function formatCalendarDay(day: string, locale: string, options: Intl.DateTimeFormatOptions = { weekday: "short", day: "numeric", month: "short" }): string {
  return formatter(locale, "UTC", options).format(toDate(`${day}T00:00:00Z`));
}
