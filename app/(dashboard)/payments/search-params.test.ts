import { describe, expect, it } from "vitest";
import { loadPaymentsSearchParams } from "./search-params";

describe("Payments search params", () => {
  it("reads a shared link's filters and page", () => {
    expect(loadPaymentsSearchParams("?status=succeeded&customerId=cus_01&limit=10&startingAfter=pi_9&from=2026-11-01")).toEqual({
      limit: 10,
      startingAfter: "pi_9",
      endingBefore: null,
      from: "2026-11-01",
      to: null,
      status: "succeeded",
      customerId: "cus_01",
    });
  });

  it("drops an unknown status, a blank customer and a malformed date instead of failing the page", () => {
    expect(loadPaymentsSearchParams({ status: "settled", customerId: "   ", to: "2026-11-31", limit: "7" })).toMatchObject({
      status: null,
      customerId: null,
      to: null,
      limit: 25,
    });
  });
});
