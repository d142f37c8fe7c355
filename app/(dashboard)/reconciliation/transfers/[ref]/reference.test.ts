import { describe, expect, it } from "vitest";
import { transferReference } from "./reference";

describe("transferReference: the route's segment as a reference", () => {
  it("decodes a reference once, whatever its length up to 255", () => {
    expect(transferReference("2026112115150001234567890")).toBe("2026112115150001234567890");
    expect(transferReference("ref%20with%20space")).toBe("ref with space");
    expect(transferReference("%2500")).toBe("%00");
    expect(transferReference("x".repeat(255))).toBe("x".repeat(255));
  });

  it.each(["%00", "a%00b", "%07", "%7F", "%0A", "", "x".repeat(256), "%E0%A4%A"])("refuses %j (a 404, not a query PostgreSQL refuses)", (segment) => {
    expect(transferReference(segment)).toBeNull();
  });
});
