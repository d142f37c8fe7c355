// A calendar day as the URL and the forms write it, YYYY-MM-DD, and the years this app accepts one in. Pure and
// client-safe: the list filters (lib/list-params), the period close (lib/reconciliation/periods) and the follow-up's
// promised day all read days through here.

/**
 * The years a day may have: 1970 to 9998. Below, the numbers stop meaning what they say: JavaScript reads years 0–99
 * as 1900–1999 (0050-01-01 became 1950), PostgreSQL has no year 0, and nothing this back office shows (payments,
 * transfers, webhook events) predates the Unix epoch. Above, the day after a day, the Sunday ending its week or its
 * month's end land in year 10000, which toISOString writes as "+010000-…" and PostgreSQL refuses, so 9999-12-31
 * answered a 500. 9998 leaves a whole year of room for that arithmetic.
 */
export const FIRST_YEAR = 1970;
export const LAST_YEAR = 9998;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day (2026-02-30 is not) within FIRST_YEAR–LAST_YEAR. */
export function isCalendarDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < FIRST_YEAR || year > LAST_YEAR) return false;
  return new Date(Date.UTC(year, month - 1, date)).toISOString().slice(0, 10) === value;
}
