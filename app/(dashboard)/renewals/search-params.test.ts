import { describe, expect, it } from "vitest";
import { RENEWAL_STATUSES as CLIENT_STATUSES } from "@/lib/payments/schemas";
import { loadRenewalsSearchParams, RENEWAL_STATUSES } from "./search-params";

describe("Renewals search params", () => {
  it("offers exactly the statuses the Payment Service client knows", () => {
    expect([...RENEWAL_STATUSES]).toEqual([...CLIENT_STATUSES]);
  });

  it("reads a shared link's filters, and drops an unknown status or a blank subscription", () => {
    expect(loadRenewalsSearchParams("?status=uncollectible&subscriptionId=sub_01&endingBefore=in_3")).toMatchObject({
      status: "uncollectible",
      subscriptionId: "sub_01",
      endingBefore: "in_3",
    });
    expect(loadRenewalsSearchParams({ status: "failed", subscriptionId: "  " })).toMatchObject({ status: null, subscriptionId: null });
  });
});
