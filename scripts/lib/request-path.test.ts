import { describe, expect, it } from "vitest";
import { malformedPath } from "./request-path.mjs";

describe("malformedPath", () => {
  it("finds a percent-escape that does not decode, in the path only", () => {
    expect(malformedPath("/payments/%E0%A4%A")).toBe(true);
    expect(malformedPath("/customers/%")).toBe(true);
    expect(malformedPath("/transfers/%FF")).toBe(true);
    expect(malformedPath("/payments/pi_1%20x")).toBe(false);
    expect(malformedPath("/search?q=%E0%A4%A")).toBe(false);
    expect(malformedPath("/")).toBe(false);
    expect(malformedPath(undefined)).toBe(false);
  });
});
