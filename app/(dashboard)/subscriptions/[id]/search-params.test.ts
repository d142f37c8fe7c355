import { describe, expect, it } from "vitest";
import { loadSubscriptionSearchParams, renewalCursor, renewalsHref } from "./search-params";

describe("renewal pages in the URL", () => {
  it("sends one cursor at most, forward first", () => {
    expect(renewalCursor({ renewalsAfter: "inv_9", renewalsBefore: null })).toEqual({ startingAfter: "inv_9" });
    expect(renewalCursor({ renewalsAfter: null, renewalsBefore: "inv_1" })).toEqual({ endingBefore: "inv_1" });
    expect(renewalCursor({ renewalsAfter: "inv_9", renewalsBefore: "inv_1" })).toEqual({ startingAfter: "inv_9" });
    expect(renewalCursor({ renewalsAfter: null, renewalsBefore: null })).toEqual({});
  });

  it("reads an empty cursor as none and builds links that round-trip", () => {
    expect(loadSubscriptionSearchParams("?renewalsAfter=")).toEqual({ renewalsAfter: null, renewalsBefore: null });
    const href = renewalsHref("sub_1", { renewalsBefore: "inv_1" });
    expect(href).toBe("/subscriptions/sub_1?renewalsBefore=inv_1");
    expect(loadSubscriptionSearchParams(href.slice(href.indexOf("?")))).toEqual({ renewalsAfter: null, renewalsBefore: "inv_1" });
  });
});
