import { invalidInput } from "./input";

/** One shape for every list, whichever meta style the endpoint answers with. Cursors go back as-is. */
export type Page<T> = { items: T[]; next?: string; prev?: string; total?: number; hasMore?: boolean };

export type TimeBound = Date | string;
export type CreatedAtFilter = { gt?: TimeBound; gte?: TimeBound; lt?: TimeBound; lte?: TimeBound };
export type ListParams = { limit?: number; startingAfter?: string; endingBefore?: string; createdAt?: CreatedAtFilter };
export type FilterValue = string | number | boolean | null | undefined;
export type QueryParams = ListParams & { includeMetadataKeys?: boolean; filters?: Record<string, FilterValue> };

export const PAGE_LIMIT = { min: 1, max: 100, default: 10 } as const;
const RESERVED = new Set(["limit", "startingAfter", "endingBefore", "includeMetadataKeys"]);
const OPERATORS = ["gt", "gte", "lt", "lte"] as const;

/** The service refuses a limit outside 1–100; an out-of-range page size from a URL is clamped rather than failing. */
export function clampLimit(limit: number | undefined): number {
  if (limit === undefined || Number.isNaN(limit)) return PAGE_LIMIT.default;
  return Math.min(PAGE_LIMIT.max, Math.max(PAGE_LIMIT.min, Math.trunc(limit)));
}

function toUtcIso(bound: TimeBound, operator: string): string {
  const date = bound instanceof Date ? bound : new Date(bound);
  if (Number.isNaN(date.getTime())) invalidInput(`createdAt[${operator}] is not a valid time: ${String(bound)}`);
  return date.toISOString();
}

/**
 * The query string of a list request. Always sends `limit`; sends at most one cursor (the service errors on two);
 * encodes the createdAt filter with bracket keys (`createdAt[gte]=…`, percent-encoded by URLSearchParams).
 */
export function buildQuery(params: QueryParams = {}): URLSearchParams {
  const startingAfter = params.startingAfter || undefined;
  const endingBefore = params.endingBefore || undefined;
  if (startingAfter && endingBefore) invalidInput("Send only one of startingAfter and endingBefore");

  const query = new URLSearchParams({ limit: String(clampLimit(params.limit)) });
  if (startingAfter) query.set("startingAfter", startingAfter);
  if (endingBefore) query.set("endingBefore", endingBefore);
  for (const operator of OPERATORS) {
    const bound = params.createdAt?.[operator];
    if (bound !== undefined) query.set(`createdAt[${operator}]`, toUtcIso(bound, operator));
  }
  if (params.includeMetadataKeys) query.set("includeMetadataKeys", "true");
  for (const [key, value] of Object.entries(params.filters ?? {})) {
    if (RESERVED.has(key) || key.startsWith("createdAt")) invalidInput(`${key} is not a filter`);
    if (value !== undefined && value !== null && value !== "") query.set(key, String(value));
  }
  return query;
}

// A cursor may come back null or empty at either end of a list.
const cursor = (value: string | null | undefined) => (value ? value : undefined);

// Leaves absent fields out rather than undefined, so a page compares and serialises cleanly.
function page<T>(items: T[], fields: Omit<Page<T>, "items">): Page<T> {
  return { items, ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) };
}

type ListMetaLike = { total: number; cursorNext?: string | null; cursorBefore?: string | null };
type RenewalMetaLike = { total: number; startingAfter?: string | null; endingBefore?: string | null };
type TransferMetaLike = { total: number; hasMore: boolean };

/** List meta: cursorNext / cursorBefore. */
export function pageFromListMeta<T>(items: T[], meta: ListMetaLike): Page<T> {
  return page(items, { next: cursor(meta.cursorNext), prev: cursor(meta.cursorBefore), total: meta.total });
}

/** Renewal list meta: the same cursors, named startingAfter / endingBefore. */
export function pageFromRenewalMeta<T>(items: T[], meta: RenewalMetaLike): Page<T> {
  return page(items, { next: cursor(meta.startingAfter), prev: cursor(meta.endingBefore), total: meta.total });
}

/**
 * Mobile transfer meta has no cursors, only total and hasMore ("more records follow the last one returned"). The
 * cursors are the ids of the edge items, as the pagination rules define them. Going forward, `next` exists only when
 * hasMore says so and `prev` only when this page was reached with a cursor. Going back (endingBefore), the page we
 * came from is the next one, and hasMore says nothing about what lies before, so `prev` is offered while the page is
 * non-empty; at the start it leads to an empty page.
 */
export function pageFromTransferMeta<T extends { id: string }>(items: T[], meta: TransferMetaLike, request: ListParams): Page<T> {
  const first = items[0]?.id;
  const last = items.at(-1)?.id;
  const backward = !!request.endingBefore;
  return page(items, {
    next: backward ? last : meta.hasMore ? last : undefined,
    prev: backward ? first : request.startingAfter ? first : undefined,
    total: meta.total,
    hasMore: meta.hasMore,
  });
}
