import { sql } from "drizzle-orm";
import { bigserial, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { beforeAll, describe, expect, it } from "vitest";
import { freshTestDatabase } from "@/scripts/test/database";
import { createdIdKeyset, keyset, rowIdCursor, type CreatedId, type Keyset, type KeysetPage, type KeysetResult } from "./keyset";

// The shared keyset against real PostgreSQL, as the lists use it: every page read through the cursor the URL carries
// (format, then parse), forward to the end and back to the start, for every page size. Many rows share a creation
// instant, so a page boundary falls between two rows of one instant for some size: the lists must neither skip nor
// repeat one there.

const test = freshTestDatabase();

const rows = pgTable("keyset_rows", {
  seq: bigserial("seq", { mode: "number" }).primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  id: text("id").notNull(),
});

// 11 rows over 4 instants: three at 10:00, four at 09:00 (one id holding the cursor's "~"), one at 08:00, three at 07:00.
const SEEDED: { at: string; id: string }[] = [
  { at: "2026-11-20T10:00:00.000Z", id: "cus_b" },
  { at: "2026-11-20T10:00:00.000Z", id: "cus_a" },
  { at: "2026-11-20T10:00:00.000Z", id: "cus_c" },
  { at: "2026-11-20T09:00:00.000Z", id: "cus_m~1" },
  { at: "2026-11-20T09:00:00.000Z", id: "cus_k" },
  { at: "2026-11-20T09:00:00.000Z", id: "cus_z" },
  { at: "2026-11-20T09:00:00.000Z", id: "cus_l" },
  { at: "2026-11-20T08:00:00.000Z", id: "cus_q" },
  { at: "2026-11-20T07:00:00.000Z", id: "cus_y" },
  { at: "2026-11-20T07:00:00.000Z", id: "cus_x" },
  { at: "2026-11-20T07:00:00.000Z", id: "cus_w" },
];

beforeAll(async () => {
  await test.db.execute(sql`create table keyset_rows (seq bigserial primary key, created_at timestamptz not null, id text not null)`);
  // Inserted out of order, so neither the insertion order nor seq happens to give the list's order.
  for (const row of [...SEEDED].reverse()) await test.db.insert(rows).values({ createdAt: new Date(row.at), id: row.id });
});

/** Every page from the first to the last by Next, then back to the first by Previous, through the URL's cursors. */
async function walk<B, R>(pages: Keyset<B, R>, limit: number, read: (page: KeysetPage<B>) => Promise<KeysetResult<R>>) {
  const forward: R[][] = [];
  let page = await read({ limit });
  for (let guard = 0; ; guard++) {
    forward.push(page.items);
    const { next } = pages.cursors(page);
    if (!next || guard > 50) break;
    page = await read({ limit, ...pages.ask({ startingAfter: next, endingBefore: null }) });
  }
  const backward: R[][] = [page.items];
  for (let guard = 0; ; guard++) {
    const { prev } = pages.cursors(page);
    if (!prev || guard > 50) break;
    page = await read({ limit, ...pages.ask({ startingAfter: null, endingBefore: prev }) });
    backward.unshift(page.items);
  }
  return { forward, backward };
}

describe("createdIdKeyset (the customers and sellers from the sync's copy)", () => {
  const pages = createdIdKeyset(rows.createdAt, rows.id);
  const read = (page: KeysetPage<CreatedId>) =>
    pages.read(page, ({ where, orderBy, limit }) =>
      test.db.select({ createdAt: rows.createdAt, id: rows.id }).from(rows).where(where).orderBy(...orderBy).limit(limit),
    );
  // Newest first; within one instant, the larger id first.
  const expected = [...SEEDED].sort((a, b) => b.at.localeCompare(a.at) || (a.id < b.id ? 1 : -1)).map((row) => row.id);

  it.each([1, 2, 3, 4, 5, 10, 11, 12])("pages of %i: every row once, in order, forward and back by the URL's cursors", async (limit) => {
    const { forward, backward } = await walk(pages, limit, read);
    expect(forward.flat().map((row) => row.id)).toEqual(expected);
    expect(backward.map((page) => page.map((row) => row.id))).toEqual(forward.map((page) => page.map((row) => row.id)));
  });

  it("says where more lie: none newer on the first page, none older on the last", async () => {
    const first = await read({ limit: 4 });
    expect(first).toMatchObject({ hasOlder: true, hasNewer: false });
    const last = await read({ limit: 4, after: { createdAt: new Date("2026-11-20T08:00:00.000Z"), id: "cus_q" } });
    expect(last.items.map((row) => row.id)).toEqual(["cus_y", "cus_x", "cus_w"]);
    expect(last).toMatchObject({ hasOlder: false, hasNewer: true });
    expect(pages.cursors(last)).toEqual({ next: undefined, prev: "2026-11-20T07:00:00.000Z~cus_y" });
  });
});

describe("a row-id keyset whose boundary row is read back (the audit log's shape)", () => {
  // Ordered by (created, seq) with NULLS LAST as the audit log's indexes are; the cursor is the row's seq alone.
  const pages = keyset({
    key: [sql`r.created_at`, sql`r.seq`],
    boundary: (seq: number) => sql`select b.created_at, b.seq from keyset_rows b where b.seq = ${seq}`,
    cursor: { parse: rowIdCursor.parse, format: (row: { seq: number }) => String(row.seq) },
    nullsLast: true,
  });
  const read = (page: KeysetPage<number>) =>
    pages.read(page, async ({ where, orderBy, limit }) =>
      [...(await test.db.execute<{ seq: number; id: string }>(sql`select r.seq::int as seq, r.id from keyset_rows r ${where ? sql`where ${where}` : sql``} order by ${sql.join(orderBy, sql`, `)} limit ${limit}`))],
    );

  it.each([1, 2, 3, 4, 7])("pages of %i: every row once, in order, forward and back", async (limit) => {
    const all = [...(await test.db.execute<{ seq: number }>(sql`select seq::int as seq from keyset_rows order by created_at desc, seq desc`))].map((row) => row.seq);
    const { forward, backward } = await walk(pages, limit, read);
    expect(forward.flat().map((row) => row.seq)).toEqual(all);
    expect(backward.map((page) => page.map((row) => row.seq))).toEqual(forward.map((page) => page.map((row) => row.seq)));
  });
});
