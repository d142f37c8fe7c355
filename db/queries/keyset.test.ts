import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { createdIdCursor, keyset, rowIdCursor } from "./keyset";

// The shared keyset's pure half: the cursors in the URL, the page they ask for, the cursors a page gives, and the
// statement's clauses. keyset.int.test.ts pages real rows through it.

const byRowId = keyset({ key: [sql`t.at`, sql`t.id`], boundary: (id: number) => sql`select at, id from t where id = ${id}`, cursor: rowIdCursor, nullsLast: true });
const text = (query: ReturnType<typeof sql>) => new PgDialect().sqlToQuery(query);

describe("keyset cursors", () => {
  it("asks for the page after the older end, before the newer end, or the first when both or neither are named", () => {
    expect(byRowId.ask({ startingAfter: "120", endingBefore: null })).toEqual({ after: 120 });
    expect(byRowId.ask({ startingAfter: null, endingBefore: "130" })).toEqual({ before: 130 });
    expect(byRowId.ask({ startingAfter: "120", endingBefore: "130" })).toEqual({});
    expect(byRowId.ask({ startingAfter: "pi_1", endingBefore: null })).toEqual({});
  });

  it("points the next page after the last row and the previous before the first, only where there are more", () => {
    const items = [{ id: 9 }, { id: 7 }, { id: 4 }];
    expect(byRowId.cursors({ items, hasOlder: true, hasNewer: true })).toEqual({ next: "4", prev: "9" });
    expect(byRowId.cursors({ items, hasOlder: false, hasNewer: false })).toEqual({ next: undefined, prev: undefined });
  });

  it("writes (created, id) as <ISO>~<id> and reads it back, an id holding a ~ included; anything else is no cursor", () => {
    const row = { createdAt: new Date("2026-11-20T10:00:00.123Z"), id: "cus_a~b" };
    expect(createdIdCursor.format(row)).toBe("2026-11-20T10:00:00.123Z~cus_a~b");
    expect(createdIdCursor.parse(createdIdCursor.format(row))).toEqual(row);
    for (const junk of [null, "", "~cus_a", "yesterday~cus_a", "cus_a"]) expect(createdIdCursor.parse(junk), String(junk)).toBeUndefined();
  });
});

describe("keyset clauses", () => {
  it("compares the whole key as a row with the boundary, newest first, and reverses the order going back", () => {
    const next = byRowId.clauses({ limit: 25, after: 7 });
    expect(text(next.where!)).toMatchObject({ sql: "(t.at, t.id) < (select at, id from t where id = $1)", params: [7] });
    expect(next.orderBy.map((part) => text(part).sql)).toEqual(["t.at desc nulls last", "t.id desc nulls last"]);
    expect(next.limit).toBe(26);
    const back = byRowId.clauses({ limit: 25, before: 9 });
    expect(text(back.where!).sql).toBe("(t.at, t.id) > (select at, id from t where id = $1)");
    expect(back.orderBy.map((part) => text(part).sql)).toEqual(["t.at asc nulls first", "t.id asc nulls first"]);
    expect(byRowId.clauses({ limit: 25 }).where).toBeUndefined();
  });
});
