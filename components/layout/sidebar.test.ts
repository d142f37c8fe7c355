import { describe, expect, it } from "vitest";
import { currentHref } from "./sidebar";

const items = [{ href: "/" }, { href: "/renewals" }, { href: "/renewals/failed" }, { href: "/reconciliation" }, { href: "/reconciliation/close" }];

describe("the sidebar's current entry", () => {
  it("is the most specific link the page is under, once", () => {
    expect(currentHref(items, "/renewals/failed")).toBe("/renewals/failed");
    expect(currentHref(items, "/renewals/failed/export")).toBe("/renewals/failed");
    expect(currentHref(items, "/renewals/in_123")).toBe("/renewals");
    expect(currentHref(items, "/reconciliation/transfers/ABC")).toBe("/reconciliation");
  });

  it("marks the Overview only on the Overview, and a look-alike prefix is not a folder", () => {
    expect(currentHref(items, "/")).toBe("/");
    expect(currentHref(items, "/renewalsx")).toBeUndefined();
    expect(currentHref(items, "/settings")).toBeUndefined();
  });
});
