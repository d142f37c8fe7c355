import type { CreatedAtRange } from "../store/collection";
import { validationError } from "./errors";

export type ParsedListQuery = {
  limit: number;
  startingAfter?: string;
  endingBefore?: string;
  createdAt?: CreatedAtRange;
};

const OPERATORS = ["gt", "gte", "lt", "lte"] as const;

/**
 * The pagination rules of the spec, enforced: limit 1–100 (default 10) and a number; at most one cursor;
 * createdAt[gt|gte|lt|lte] ISO 8601 times. Every broken rule is reported, in the validation error's message list.
 */
export function parseListQuery(query: URLSearchParams): ParsedListQuery {
  const problems: string[] = [];
  let limit = 10;
  const rawLimit = query.get("limit");
  if (rawLimit !== null) {
    if (!/^-?\d+$/.test(rawLimit.trim())) problems.push("limit must be a number conforming to the specified constraints");
    else {
      limit = Number(rawLimit);
      if (limit < 1) problems.push("limit must not be less than 1");
      if (limit > 100) problems.push("limit must not be greater than 100");
    }
  }
  const startingAfter = query.get("startingAfter") ?? undefined;
  const endingBefore = query.get("endingBefore") ?? undefined;
  if (startingAfter !== undefined && endingBefore !== undefined) {
    problems.push("only one of startingAfter and endingBefore may be sent");
  }
  if (startingAfter === "") problems.push("startingAfter should not be empty");
  if (endingBefore === "") problems.push("endingBefore should not be empty");

  let createdAt: CreatedAtRange | undefined;
  for (const operator of OPERATORS) {
    const value = query.get(`createdAt[${operator}]`);
    if (value === null) continue;
    const time = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) ? new Date(value) : null;
    if (!time || Number.isNaN(time.getTime())) problems.push(`createdAt[${operator}] must be a valid ISO 8601 date string`);
    else (createdAt ??= {})[operator] = time.toISOString();
  }
  for (const key of query.keys()) {
    if (key.startsWith("createdAt") && !/^createdAt\[(gt|gte|lt|lte)\]$/.test(key)) problems.push(`${key} is not a supported filter`);
  }
  if (problems.length > 0) throw validationError(...problems);
  return { limit, startingAfter, endingBefore, createdAt };
}

/** List meta (most lists): cursorNext / cursorBefore are the ids of the page's edge records, or null at the ends. */
export function listMeta(page: { data: { id: string }[]; total: number; hasMoreAfter: boolean; hasMoreBefore: boolean }, limit: number) {
  return {
    total: page.total,
    pages: Math.ceil(page.total / limit),
    limit,
    cursorNext: page.hasMoreAfter ? (page.data.at(-1)?.id ?? null) : null,
    cursorBefore: page.hasMoreBefore ? (page.data[0]?.id ?? null) : null,
  };
}

/** Renewal list meta: the same cursors under the names of the query parameters they are sent back as. */
export function renewalListMeta(page: Parameters<typeof listMeta>[0], limit: number) {
  const { cursorNext, cursorBefore, ...rest } = listMeta(page, limit);
  return { ...rest, startingAfter: cursorNext, endingBefore: cursorBefore };
}

/** Mobile transfer list meta: total and whether more records follow the last one returned. */
export function transferListMeta(page: { total: number; hasMoreAfter: boolean }) {
  return { total: page.total, hasMore: page.hasMoreAfter };
}
