import { describe, expect, it } from "vitest";
import { loadRenewalsSearchParams } from "./search-params";

describe("Renewals search params", () => {
  it("reads a shared link's filters, and drops an unknown status or a blank subscription", () => {
    expect(loadRenewalsSearchParams("?status=uncollectible&subscriptionId=sub_01&endingBefore=in_3")).toMatchObject({
      status: "uncollectible",
      subscriptionId: "sub_01",
      endingBefore: "in_3",
    });
    expect(loadRenewalsSearchParams({ status: "failed", subscriptionId: "  " })).toMatchObject({ status: null, subscriptionId: null });
  });
});
