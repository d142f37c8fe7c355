import { describe, expect, it } from "vitest";
import { eventCursor } from "./search-params";

describe("Events search params", () => {
  it("takes only positive integer ids as cursors", () => {
    expect(eventCursor("120")).toBe(120);
    for (const value of [null, "", "0", "-3", "1e3", "pi_123", "9".repeat(16)]) expect(eventCursor(value), String(value)).toBeUndefined();
  });
});
