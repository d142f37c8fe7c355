import { TZDate } from "@date-fns/tz";
import { createParser, type inferParserType } from "nuqs/server";
import { isCalendarDay } from "@/lib/calendar-day";
import type { CreatedAtFilter, ListParams } from "@/lib/payments/page";

// The URL state every list shares (CONVENTIONS 6): page size, one cursor, a created-date range. Each route's
// search-params.ts spreads these and adds its own filters. Imported by server pages and client tables alike, so
// nothing here may reach for a secret, zod or the database (a type-only import of the client's shapes is erased).

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;

/** The keys the pagination and the date filter write; a filter change clears the cursors. */
export const CURSOR_KEYS = ["startingAfter", "endingBefore"] as const;

// Every change is read by the server (it pages the API) and gets a history entry, so Back returns to the last view.
export const LIST_OPTIONS = { shallow: false, history: "push" } as const;

/** Clears both cursors: spread into every filter change, since a cursor only means something under its filters. */
export const NO_CURSOR = { startingAfter: null, endingBefore: null } as const;

const isPageSize = (value: number): value is PageSize => (PAGE_SIZES as readonly number[]).includes(value);

/** A page size from the menu; "25abc", "30" or "-1" fall back to the default instead of reaching the API. */
export const parseAsPageSize = createParser<PageSize>({
  parse: (value) => {
    const size = /^\d{1,3}$/.test(value) ? Number(value) : NaN;
    return isPageSize(size) ? size : null;
  },
  serialize: String,
});

// Control characters are in no id, reference or cursor; a NUL even makes PostgreSQL refuse the query (the events
// console answered a generic error page, its export a 500). A value holding one is no filter, as a blank one is.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** A value that can be an id, a reference or a cursor: 1 to 255 characters, none of them a control character. */
export const isPlainToken = (value: string) => value.length > 0 && value.length <= 255 && !CONTROL_CHARACTER.test(value);

/** A cursor exactly as the API gave it. Empty is no cursor; an absurdly long one is not worth a request. */
export const parseAsCursor = createParser<string>({
  parse: (value) => (isPlainToken(value) ? value : null),
  serialize: (value) => value,
});

/** A free-text filter (an id, a reference), trimmed; blank, or holding a control character, is no filter. */
export const parseAsFilterText = createParser<string>({
  parse: (value) => {
    const text = value.trim();
    return isPlainToken(text) ? text : null;
  },
  serialize: (value) => value,
});

/**
 * A calendar day, YYYY-MM-DD, kept as text: the day only becomes an instant with the operator's zone, on the server
 * (createdAtRange). Impossible dates (2026-02-30), years outside 1970–9998 (lib/calendar-day: 9999-12-31 made a 500,
 * 0050-01-01 read as 1950) and anything longer or shorter parse to null: no filter, as the page shows.
 */
export const parseAsDay = createParser<string>({
  parse: (value) => (isCalendarDay(value) ? value : null),
  serialize: (value) => value,
});

export const listSearchParams = {
  limit: parseAsPageSize.withDefault(DEFAULT_PAGE_SIZE).withOptions(LIST_OPTIONS),
  startingAfter: parseAsCursor.withOptions(LIST_OPTIONS),
  endingBefore: parseAsCursor.withOptions(LIST_OPTIONS),
  from: parseAsDay.withOptions(LIST_OPTIONS),
  to: parseAsDay.withOptions(LIST_OPTIONS),
};

export type ListState = inferParserType<typeof listSearchParams>;

/**
 * The first instant of a calendar day (plus `days`) in a zone. The calendar day is counted before the zone is
 * applied: adding 24 hours, or a day to an instant, goes wrong where DST skips midnight (the day then starts at 01:00).
 */
function startOfDayIn(day: string, timeZone: string, days = 0): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, date + days, timeZone).getTime());
}

/**
 * The created-date range of the toolbar as createdAt bounds: from the start of `from` (inclusive) to the start of the
 * day after `to` (exclusive), both in the operator's zone, so a day of 23 or 25 hours (DST) is covered whole. A range
 * typed backwards is read the right way round.
 */
export function createdAtRange(from: string | null, to: string | null, timeZone: string): CreatedAtFilter | undefined {
  const [first, last] = from && to && from > to ? [to, from] : [from, to];
  const range: CreatedAtFilter = {};
  if (first) range.gte = startOfDayIn(first, timeZone);
  if (last) range.lt = startOfDayIn(last, timeZone, 1);
  return range.gte || range.lt ? range : undefined;
}

/**
 * What the API is asked for: the page size, at most one cursor, the created range. Both cursors at once can only
 * come from a hand-edited URL; the API would refuse them, so the list starts over at its first page instead.
 */
export function toListParams(state: ListState, timeZone: string): ListParams {
  const params: ListParams = { limit: state.limit };
  if (state.startingAfter && !state.endingBefore) params.startingAfter = state.startingAfter;
  if (state.endingBefore && !state.startingAfter) params.endingBefore = state.endingBefore;
  const createdAt = createdAtRange(state.from, state.to, timeZone);
  if (createdAt) params.createdAt = createdAt;
  return params;
}

/** True when any of the given filters is set (the empty state then says "no match" rather than "nothing yet"). */
export function hasActiveFilters(state: Record<string, unknown>, keys: readonly string[]): boolean {
  return keys.some((key) => state[key] !== null && state[key] !== undefined && state[key] !== "");
}

/** A row id from the URL (a local log's cursor, an event's page); anything else (a hand-edited link, another list's cursor) is none. */
export function rowIdParam(value: string | null): number | undefined {
  if (!value || !/^\d{1,15}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}
