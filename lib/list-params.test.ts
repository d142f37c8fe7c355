import { createLoader } from "nuqs/server";
import { describe, expect, it } from "vitest";
import { createdAtRange, DEFAULT_PAGE_SIZE, hasActiveFilters, listSearchParams, parseAsFilterText, toListParams } from "./list-params";

const load = createLoader(listSearchParams);
const iso = (date: Date | string | undefined) => (date instanceof Date ? date.toISOString() : date);
const bounds = (from: string | null, to: string | null, zone: string) => {
  const range = createdAtRange(from, to, zone);
  return range && { gte: iso(range.gte), lt: iso(range.lt) };
};

describe("list search params", () => {
  it("reads a page size from the menu, a cursor and a day range", () => {
    expect(load({ limit: "50", startingAfter: "pi_123", from: "2026-11-01", to: "2026-11-30" })).toEqual({
      limit: 50,
      startingAfter: "pi_123",
      endingBefore: null,
      from: "2026-11-01",
      to: "2026-11-30",
    });
  });

  it.each(["30", "0", "-10", "1000", "25abc", "2.5e1", "", "abc"])("falls back to %s → the default page size", (limit) => {
    expect(load({ limit }).limit).toBe(DEFAULT_PAGE_SIZE);
  });

  it.each(["2026-02-30", "2026-13-01", "2026-11-1", "2026-11-01T00:00", "01/11/2026", "yesterday", ""])(
    "ignores the malformed day %s instead of failing",
    (day) => {
      expect(load({ from: day, to: day })).toMatchObject({ from: null, to: null });
    },
  );

  it.each(["9999-12-31", "9999-01-01", "0050-01-01", "0000-01-01", "1969-12-31"])("ignores the day %s, outside 1970–9998", (day) => {
    expect(load({ from: day, to: day })).toMatchObject({ from: null, to: null });
  });

  it("keeps the first and the last day it accepts, and their bounds are ISO instants", () => {
    expect(load({ from: "1970-01-01", to: "9998-12-31" })).toMatchObject({ from: "1970-01-01", to: "9998-12-31" });
    expect(bounds("1970-01-01", "9998-12-31", "America/Costa_Rica")).toEqual({ gte: "1970-01-01T06:00:00.000Z", lt: "9999-01-01T06:00:00.000Z" });
  });

  it("treats an empty or oversized cursor as none, and reads the first of repeated values", () => {
    expect(load({ startingAfter: "" }).startingAfter).toBeNull();
    expect(load({ endingBefore: "x".repeat(256) }).endingBefore).toBeNull();
    expect(load("?limit=10&limit=100").limit).toBe(10);
  });

  it.each(["\u0000", "pi_1\u0000", "a\u0007b", "x\u007f"])("ignores a filter or cursor holding a control character (%j)", (value) => {
    expect(parseAsFilterText.parse(value)).toBeNull();
    expect(load({ startingAfter: value }).startingAfter).toBeNull();
    expect(parseAsFilterText.parse(" pi_1 ")).toBe("pi_1");
  });
});

describe("toListParams", () => {
  const base = load({});

  it("asks for the default page size and no cursor on a bare URL", () => {
    expect(toListParams(base, "America/Costa_Rica")).toEqual({ limit: 25 });
  });

  it("sends one cursor, and starts over when a hand-edited URL carries both", () => {
    expect(toListParams({ ...base, endingBefore: "pi_9" }, "UTC")).toEqual({ limit: 25, endingBefore: "pi_9" });
    expect(toListParams({ ...base, startingAfter: "pi_1", endingBefore: "pi_9" }, "UTC")).toEqual({ limit: 25 });
  });
});

describe("createdAtRange", () => {
  it("covers whole days in Costa Rica (UTC−6 all year): from the start of `from` to the start of the day after `to`", () => {
    expect(bounds("2026-11-01", "2026-11-30", "America/Costa_Rica")).toEqual({
      gte: "2026-11-01T06:00:00.000Z",
      lt: "2026-12-01T06:00:00.000Z",
    });
    expect(bounds("2026-12-31", "2026-12-31", "America/Costa_Rica")?.lt).toBe("2027-01-01T06:00:00.000Z");
  });

  it("takes one bound alone and nothing when neither is set", () => {
    expect(bounds("2026-11-21", null, "America/Costa_Rica")).toEqual({ gte: "2026-11-21T06:00:00.000Z", lt: undefined });
    expect(bounds(null, "2026-11-21", "America/Costa_Rica")).toEqual({ gte: undefined, lt: "2026-11-22T06:00:00.000Z" });
    expect(createdAtRange(null, null, "America/Costa_Rica")).toBeUndefined();
  });

  it("counts a 23-hour and a 25-hour day in New York across the DST changes", () => {
    expect(bounds("2026-03-08", "2026-03-08", "America/New_York")).toEqual({
      gte: "2026-03-08T05:00:00.000Z",
      lt: "2026-03-09T04:00:00.000Z",
    });
    expect(bounds("2026-11-01", "2026-11-01", "America/New_York")).toEqual({
      gte: "2026-11-01T04:00:00.000Z",
      lt: "2026-11-02T05:00:00.000Z",
    });
  });

  it("starts a day at its first existing instant where DST skips midnight (Santiago)", () => {
    // On 2026-09-06 Chile's clocks jump from 00:00 to 01:00 (UTC−4 → UTC−3).
    expect(bounds("2026-09-05", "2026-09-06", "America/Santiago")).toEqual({
      gte: "2026-09-05T04:00:00.000Z",
      lt: "2026-09-07T03:00:00.000Z",
    });
  });

  it("reads a range typed backwards the right way round", () => {
    expect(bounds("2026-11-30", "2026-11-01", "UTC")).toEqual({ gte: "2026-11-01T00:00:00.000Z", lt: "2026-12-01T00:00:00.000Z" });
  });
});

describe("hasActiveFilters", () => {
  it("ignores unset and empty filters", () => {
    expect(hasActiveFilters({ status: null, from: "", to: undefined }, ["status", "from", "to"])).toBe(false);
    expect(hasActiveFilters({ status: "succeeded", from: null }, ["status", "from"])).toBe(true);
  });
});
