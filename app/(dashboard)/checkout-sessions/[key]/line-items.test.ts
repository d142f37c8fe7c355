import { describe, expect, it } from "vitest";
import { lineItemsCheck } from "./line-items";

const item = (amount: number, currency = "CRC") => ({ name: "x", description: null, currency, amount });

describe("lineItemsCheck", () => {
  it("adds up when the lines, in the session's currency, sum to its total", () => {
    expect(lineItemsCheck({ lineItems: [item(1_490_000), item(4_500_000)], amountTotal: 5_990_000, currency: "CRC" })).toEqual({ sum: 5_990_000, otherCurrency: false, difference: 0, addsUp: true });
  });

  it("says by how much they miss a total that includes shipping", () => {
    expect(lineItemsCheck({ lineItems: [item(1_000_000)], amountTotal: 1_250_000, currency: "CRC" })).toMatchObject({ addsUp: false, difference: 250_000 });
  });

  it("never adds up lines in another currency, even when the digits match", () => {
    expect(lineItemsCheck({ lineItems: [item(2_500, "USD")], amountTotal: 2_500, currency: "CRC" })).toMatchObject({ addsUp: false, otherCurrency: true });
  });
});
