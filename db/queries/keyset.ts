import "server-only";
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { rowIdParam } from "@/lib/list-params";

// Keyset paging of a local list read newest first (the customers and sellers from the sync's copy, the audit log, the
// events console): one shape for the cursor in the URL, the condition and order of the read, and the cursors to the
// pages either side. A boundary is compared as a row, (created, id) < (boundary): ties on the time are broken by the
// id, so two rows created in the same instant are neither skipped nor shown twice across a page boundary, and the
// row comparison can be an index condition on (…, created, id).

/** The URL's two cursors, as every list's search params hold them (lib/list-params). */
export type CursorState = { startingAfter: string | null; endingBefore: string | null };

/** The page a list asks for: after a boundary (toward older rows), before one (back toward newer rows), or the first. */
export type KeysetPage<B> = { limit: number; after?: B; before?: B };

/** One page read, newest first, and whether rows lie beyond its older and its newer end. */
export type KeysetResult<T> = { items: T[]; hasOlder: boolean; hasNewer: boolean };

/** How a boundary is written in a URL, read back from one (anything unreadable is no cursor), and taken from a row. */
export type KeysetCursor<B, R> = { parse: (text: string | null | undefined) => B | undefined; format: (row: R) => string };

/** A row's creation time and id: the boundary of a list from the sync's copy. */
export type CreatedId = { createdAt: Date; id: string };

/** `<ISO time>~<id>`. The time comes first: an id may itself hold a "~". */
export const createdIdCursor: KeysetCursor<CreatedId, CreatedId> = {
  parse(text) {
    const at = text?.indexOf("~") ?? -1;
    if (!text || at < 1) return undefined;
    const createdAt = new Date(text.slice(0, at));
    return Number.isNaN(createdAt.getTime()) ? undefined : { createdAt, id: text.slice(at + 1) };
  },
  format: (row) => `${row.createdAt.toISOString()}~${row.id}`,
};

/**
 * A row id (a local log's: the audit log, the events). Where the order has a time too, the boundary row's time is
 * read back from the table, so no precision is lost in the URL (PostgreSQL keeps microseconds, a Date milliseconds).
 */
export const rowIdCursor: KeysetCursor<number, { id: number }> = { parse: (text) => rowIdParam(text ?? null), format: (row) => String(row.id) };

export type KeysetSpec<B, R> = {
  /** The order's columns, most significant first: a time, then the id that breaks its ties; or the id alone. */
  key: readonly SQLWrapper[];
  /** The boundary as values in the key's order: literal values, or a subquery that reads them from the boundary row. */
  boundary: (boundary: B) => SQL;
  cursor: KeysetCursor<B, R>;
  /**
   * Order with NULLS LAST (newest first) as the key's indexes are declared (the audit log's, drizzle/0035), so a page is
   * an index scan; otherwise PostgreSQL's default, which a plain ascending index serves read backwards.
   */
  nullsLast?: boolean;
};

export type KeysetClauses = { where: SQL | undefined; orderBy: SQL[]; limit: number };

export type Keyset<B, R> = ReturnType<typeof keyset<B, R>>;

export function keyset<B, R>(spec: KeysetSpec<B, R>) {
  const key = sql`(${sql.join([...spec.key], sql`, `)})`;
  const where = (page: KeysetPage<B>): SQL | undefined =>
    page.after !== undefined ? sql`${key} < (${spec.boundary(page.after)})` : page.before !== undefined ? sql`${key} > (${spec.boundary(page.before)})` : undefined;
  const orderBy = (page: KeysetPage<B>): SQL[] => {
    const back = page.before !== undefined;
    const direction = back ? sql.raw(spec.nullsLast ? "asc nulls first" : "asc") : sql.raw(spec.nullsLast ? "desc nulls last" : "desc");
    return spec.key.map((column) => sql`${column} ${direction}`);
  };
  // One row more than the page: whether more lie beyond.
  const clauses = (page: KeysetPage<B>): KeysetClauses => ({ where: where(page), orderBy: orderBy(page), limit: page.limit + 1 });
  return {
    cursor: spec.cursor,
    /** The page the URL's cursors ask for. Both at once can only come from a hand-edited link: the first page then. */
    ask(state: CursorState): Omit<KeysetPage<B>, "limit"> {
      const after = spec.cursor.parse(state.startingAfter);
      const before = spec.cursor.parse(state.endingBefore);
      return after !== undefined && before === undefined ? { after } : before !== undefined && after === undefined ? { before } : {};
    },
    /** The condition that keeps the rows past the boundary (none on the first page). */
    where,
    /** Newest first; going back, oldest first from the boundary (the page is turned round once read). */
    orderBy,
    /** What the read adds to the list's own select: the condition (and-ed with its filters), the order, and one row more than the page. */
    clauses,
    /** Reads one page: `query` runs the list's own select with these clauses; the page is trimmed and turned the right way round. */
    async read<T extends R>(page: KeysetPage<B>, query: (clauses: KeysetClauses) => Promise<T[]>): Promise<KeysetResult<T>> {
      const rows = await query(clauses(page));
      const back = page.before !== undefined;
      const more = rows.length > page.limit;
      const items = rows.slice(0, page.limit);
      if (back) items.reverse();
      // Toward older rows there is more if this page overflowed (going back, always: we came from there).
      return { items, hasOlder: back ? true : more, hasNewer: back ? more : page.after !== undefined };
    },
    /** The cursors to the next (older) page, after the last row, and the previous one, before the first: only where there are more. */
    cursors(page: KeysetResult<R>): { next?: string; prev?: string } {
      const first = page.items[0];
      const last = page.items.at(-1);
      return { next: page.hasOlder && last ? spec.cursor.format(last) : undefined, prev: page.hasNewer && first ? spec.cursor.format(first) : undefined };
    },
  };
}

/** A list from the sync's copy: newest first by (created, id), its cursor `<ISO time>~<id>`. */
export const createdIdKeyset = (createdAt: SQLWrapper, id: SQLWrapper) =>
  keyset<CreatedId, CreatedId>({ key: [createdAt, id], boundary: (row) => sql`${row.createdAt.toISOString()}::timestamptz, ${row.id}`, cursor: createdIdCursor });
