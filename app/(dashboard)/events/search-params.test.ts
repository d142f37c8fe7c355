import { describe, expect, it } from "vitest";
import { eventCursor, loadEventsSearchParams } from "./search-params";

describe("Events search params", () => {
  it("reads a shared link's filters and page", () => {
    expect(loadEventsSearchParams("?status=invalid&type=customer.created&subject=pi_1&limit=50&startingAfter=120&to=2026-11-21")).toEqual({
      limit: 50,
      startingAfter: "120",
      endingBefore: null,
      from: null,
      to: "2026-11-21",
      type: "customer.created",
      status: "invalid",
      subject: "pi_1",
    });
  });

  it("drops an unknown status and a blank subject instead of failing the page", () => {
    expect(loadEventsSearchParams({ status: "lost", subject: "  " })).toMatchObject({ status: null, subject: null, limit: 25 });
  });

  it("takes only positive integer ids as cursors", () => {
    expect(eventCursor("120")).toBe(120);
    for (const value of [null, "", "0", "-3", "1e3", "pi_123", "9".repeat(16)]) expect(eventCursor(value), String(value)).toBeUndefined();
  });
});
