import { describe, expect, it } from "vitest";
import { loadSubscriptionsSearchParams } from "./search-params";

describe("Subscriptions search params", () => {
  it("reads a shared link's status and page, and drops an unknown status", () => {
    expect(loadSubscriptionsSearchParams("?status=past_due&limit=50&startingAfter=sub_9")).toMatchObject({ status: "past_due", limit: 50, startingAfter: "sub_9" });
    expect(loadSubscriptionsSearchParams("?status=paused")).toMatchObject({ status: null });
  });
});
