import { describe, expect, it } from "vitest";
import { Collection, UnknownCursorError } from "./collection";

// 25 records a minute apart; r00 is the oldest. Lists are newest first.
const records = Array.from({ length: 25 }, (_, i) => ({
  id: `r${String(i).padStart(2, "0")}`,
  createdAt: new Date(Date.UTC(2026, 10, 1, 12, i)).toISOString(),
  even: i % 2 === 0,
}));
const ids = (page: { data: { id: string }[] }) => page.data.map((r) => r.id);

describe("Collection.list", () => {
  const collection = new Collection([...records].reverse());

  it("lists newest first, limit at a time, with the total", () => {
    const page = collection.list({ limit: 3 });
    expect(ids(page)).toEqual(["r24", "r23", "r22"]);
    expect(page).toMatchObject({ total: 25, hasMoreAfter: true, hasMoreBefore: false });
  });

  it("walks forward with startingAfter and back with endingBefore to the same pages", () => {
    const pages = [collection.list({ limit: 10 })];
    while (pages.at(-1)!.hasMoreAfter) pages.push(collection.list({ limit: 10, startingAfter: pages.at(-1)!.data.at(-1)!.id }));
    expect(pages.map(ids).flat()).toEqual(records.map((r) => r.id).reverse());
    expect(pages.at(-1)).toMatchObject({ hasMoreAfter: false, hasMoreBefore: true });

    const back = collection.list({ limit: 10, endingBefore: pages[2]!.data[0]!.id });
    expect(ids(back)).toEqual(ids(pages[1]!));
    expect(back).toMatchObject({ hasMoreBefore: true, hasMoreAfter: true });
    const first = collection.list({ limit: 10, endingBefore: pages[1]!.data[0]!.id });
    expect(ids(first)).toEqual(ids(pages[0]!));
    expect(first.hasMoreBefore).toBe(false);
  });

  it("applies a filter to the page, the cursors and the total", () => {
    const where = (r: (typeof records)[number]) => r.even;
    const page = collection.list({ limit: 4, where });
    expect(ids(page)).toEqual(["r24", "r22", "r20", "r18"]);
    expect(page.total).toBe(13);
    const next = collection.list({ limit: 4, where, startingAfter: "r18" });
    expect(ids(next)).toEqual(["r16", "r14", "r12", "r10"]);
    expect(ids(collection.list({ limit: 4, where, endingBefore: "r16" }))).toEqual(["r24", "r22", "r20", "r18"]);
    // A cursor need not match the filter itself: it is a position.
    expect(ids(collection.list({ limit: 2, where, startingAfter: "r21" }))).toEqual(["r20", "r18"]);
  });

  it("bounds createdAt with gt, gte, lt and lte", () => {
    const at = (i: number) => records[i]!.createdAt;
    expect(ids(collection.list({ limit: 100, createdAt: { gte: at(20) } }))).toEqual(["r24", "r23", "r22", "r21", "r20"]);
    expect(ids(collection.list({ limit: 100, createdAt: { gt: at(20) } }))).toEqual(["r24", "r23", "r22", "r21"]);
    expect(ids(collection.list({ limit: 100, createdAt: { lte: at(2) } }))).toEqual(["r02", "r01", "r00"]);
    expect(ids(collection.list({ limit: 100, createdAt: { lt: at(2) } }))).toEqual(["r01", "r00"]);
    expect(collection.list({ limit: 100, createdAt: { gt: at(10), lt: at(13) } }).total).toBe(2);
    expect(collection.list({ limit: 100, createdAt: { gt: at(13), lt: at(10) } }).total).toBe(0);
  });

  it("refuses a cursor that is not a record's id", () => {
    expect(() => collection.list({ limit: 5, startingAfter: "nope" })).toThrow(UnknownCursorError);
    expect(() => collection.list({ limit: 5, endingBefore: "nope" })).toThrow(UnknownCursorError);
  });

  it("puts a new record first and an update in place", () => {
    const growing = new Collection(records.slice(0, 3));
    growing.upsert({ id: "new", createdAt: "2027-01-01T00:00:00.000Z", even: true });
    growing.upsert({ id: "r01", createdAt: records[1]!.createdAt, even: true });
    growing.upsert({ id: "old", createdAt: "2020-01-01T00:00:00.000Z", even: false });
    expect(ids(growing.list({ limit: 10 }))).toEqual(["new", "r02", "r01", "r00", "old"]);
    expect(growing.get("r01")?.even).toBe(true);
    expect(growing.get("r02")?.id).toBe("r02");
  });
});

describe("Collection.list totals", () => {
  it("counts a named filter again after the collection changes", () => {
    const collection = new Collection(records);
    const where = (r: (typeof records)[number]) => r.even;
    expect(collection.list({ limit: 1, where, whereKey: "even" }).total).toBe(13);
    collection.upsert({ id: "z1", createdAt: "2027-01-01T00:00:00.000Z", even: true });
    expect(collection.list({ limit: 1, where, whereKey: "even" }).total).toBe(14);
    collection.upsert({ id: "r00", createdAt: records[0]!.createdAt, even: false });
    expect(collection.list({ limit: 1, where, whereKey: "even" }).total).toBe(13);
  });
});
