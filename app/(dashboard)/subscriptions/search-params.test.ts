import { describe, expect, it } from "vitest";
import { SUBSCRIPTION_STATUSES as CLIENT_STATUSES } from "@/lib/payments/schemas";
import { loadSubscriptionsSearchParams, SUBSCRIPTION_STATUSES } from "./search-params";

describe("Subscriptions search params", () => {
  it("offers exactly the statuses the Payment Service client knows", () => {
    expect([...SUBSCRIPTION_STATUSES]).toEqual([...CLIENT_STATUSES]);
  });

  it("reads a shared link's status and page, and drops an unknown status", () => {
    expect(loadSubscriptionsSearchParams("?status=past_due&limit=50&startingAfter=sub_9")).toMatchObject({ status: "past_due", limit: 50, startingAfter: "sub_9" });
    expect(loadSubscriptionsSearchParams("?status=paused")).toMatchObject({ status: null });
  });
});
