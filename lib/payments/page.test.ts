import { describe, expect, it } from "vitest";
import { PaymentServiceError } from "./errors";
import { buildQuery, clampLimit, pageFromListMeta, pageFromRenewalMeta, pageFromTransferMeta } from "./page";

const items = [{ id: "a" }, { id: "b" }, { id: "c" }];

describe("Page normalisation", () => {
  it("maps list meta cursorNext/cursorBefore to next/prev", () => {
    const meta = { total: 42, pages: 5, limit: 3, cursorNext: "c", cursorBefore: "a" };
    expect(pageFromListMeta(items, meta)).toEqual({ items, next: "c", prev: "a", total: 42 });
  });

  it("drops null and empty list cursors instead of passing them on as cursors", () => {
    const page = pageFromListMeta(items, { total: 3, cursorNext: null, cursorBefore: "" });
    expect(page).toEqual({ items, total: 3 });
    expect("next" in page).toBe(false);
  });

  it("maps renewal meta startingAfter/endingBefore to next/prev", () => {
    const meta = { total: 7, pages: 1, limit: 10, startingAfter: "inv_9", endingBefore: "inv_1" };
    expect(pageFromRenewalMeta(items, meta)).toEqual({ items, next: "inv_9", prev: "inv_1", total: 7 });
    expect(pageFromRenewalMeta(items, { total: 3, startingAfter: null })).toEqual({ items, total: 3 });
  });

  it("derives transfer cursors from the edge items and hasMore on the first page", () => {
    expect(pageFromTransferMeta(items, { total: 9, hasMore: true }, {})).toEqual({ items, next: "c", total: 9, hasMore: true });
    expect(pageFromTransferMeta(items, { total: 3, hasMore: false }, {})).toEqual({ items, total: 3, hasMore: false });
  });

  it("offers prev for a transfer page reached going forward, and next for one reached going back", () => {
    expect(pageFromTransferMeta(items, { total: 9, hasMore: false }, { startingAfter: "z" })).toEqual({
      items,
      prev: "a",
      total: 9,
      hasMore: false,
    });
    expect(pageFromTransferMeta(items, { total: 9, hasMore: true }, { endingBefore: "d" })).toEqual({
      items,
      next: "c",
      prev: "a",
      total: 9,
      hasMore: true,
    });
  });

  it("gives an empty transfer page no cursors", () => {
    expect(pageFromTransferMeta([], { total: 0, hasMore: false }, { startingAfter: "z" })).toEqual({ items: [], total: 0, hasMore: false });
  });
});

describe("buildQuery", () => {
  it("defaults the limit to 10 and clamps it to 1–100", () => {
    expect(buildQuery().get("limit")).toBe("10");
    expect(buildQuery({ limit: 0 }).get("limit")).toBe("1");
    expect(buildQuery({ limit: -5 }).get("limit")).toBe("1");
    expect(buildQuery({ limit: 250 }).get("limit")).toBe("100");
    expect(buildQuery({ limit: 25.9 }).get("limit")).toBe("25");
    expect(clampLimit(Number.NaN)).toBe(10);
    expect(clampLimit(Number.POSITIVE_INFINITY)).toBe(100);
  });

  it("sends one cursor and refuses both, before anything is sent", () => {
    expect(buildQuery({ startingAfter: "cus_10" }).toString()).toBe("limit=10&startingAfter=cus_10");
    expect(buildQuery({ endingBefore: "cus_01" }).get("endingBefore")).toBe("cus_01");
    expect(buildQuery({ startingAfter: "", endingBefore: "cus_01" }).has("startingAfter")).toBe(false);
    let error: unknown;
    try {
      buildQuery({ startingAfter: "cus_10", endingBefore: "cus_01" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(PaymentServiceError);
    expect(error).toMatchObject({ kind: "invalid_input", status: null });
  });

  it("encodes createdAt bounds as bracket keys in UTC ISO 8601", () => {
    const query = buildQuery({
      createdAt: { gte: new Date("2026-11-01T00:00:00Z"), lt: "2026-11-21T06:00:00-06:00" },
    });
    expect(query.get("createdAt[gte]")).toBe("2026-11-01T00:00:00.000Z");
    expect(query.get("createdAt[lt]")).toBe("2026-11-21T12:00:00.000Z");
    expect(query.has("createdAt[gt]")).toBe(false);
    expect(query.toString()).toContain("createdAt%5Bgte%5D=2026-11-01T00%3A00%3A00.000Z");
  });

  it("refuses a createdAt bound that is not a time", () => {
    expect(() => buildQuery({ createdAt: { gt: "yesterday-ish" } })).toThrow(/createdAt\[gt\]/);
  });

  it("asks for metadata keys only when requested", () => {
    expect(buildQuery({ includeMetadataKeys: true }).get("includeMetadataKeys")).toBe("true");
    expect(buildQuery({ includeMetadataKeys: false }).has("includeMetadataKeys")).toBe(false);
  });

  it("adds filters, skipping empty ones, and does not let a filter override paging", () => {
    const query = buildQuery({ filters: { status: "paid", customerId: "", subscriptionId: undefined, originId: null } });
    expect([...query.keys()]).toEqual(["limit", "status"]);
    expect(() => buildQuery({ filters: { limit: 1000 } })).toThrow(PaymentServiceError);
    expect(() => buildQuery({ filters: { "createdAt[gte]": "x" } })).toThrow(PaymentServiceError);
  });
});
