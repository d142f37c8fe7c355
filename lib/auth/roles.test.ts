import { describe, expect, it } from "vitest";
import { hasRole, isRole } from "./roles";

describe("roles", () => {
  it("orders viewer < operator < admin", () => {
    expect(hasRole("admin", "operator")).toBe(true);
    expect(hasRole("operator", "operator")).toBe(true);
    expect(hasRole("operator", "admin")).toBe(false);
    expect(hasRole("viewer", "operator")).toBe(false);
  });

  it("recognises only the three roles", () => {
    expect(isRole("admin")).toBe(true);
    expect(isRole("root")).toBe(false);
  });
});
