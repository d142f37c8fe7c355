import { describe, expect, it } from "vitest";
import { safeCallbackPath } from "./callback-url";

describe("safeCallbackPath", () => {
  it("keeps a path on this site with its query", () => {
    expect(safeCallbackPath("/customers?status=active#top")).toBe("/customers?status=active#top");
  });

  it.each(["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", "customers", "", undefined, 42])(
    "refuses %s",
    (raw) => {
      expect(safeCallbackPath(raw)).toBe("/");
    },
  );

  it("does not send the operator back to the sign-in page or an API route", () => {
    expect(safeCallbackPath("/sign-in?callbackUrl=/x")).toBe("/");
    expect(safeCallbackPath("/api/me")).toBe("/");
  });
});
