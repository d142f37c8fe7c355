import { describe, expect, it } from "vitest";
import { byCurrencyOrder, compareCurrencies } from "./currency-order";

describe("compareCurrencies", () => {
  it("puts colones, then dollars, then every other code alphabetically", () => {
    expect(["USD", "EUR", "CRC", "GTQ", "AUD"].sort(compareCurrencies)).toEqual(["CRC", "USD", "AUD", "EUR", "GTQ"]);
    expect(byCurrencyOrder([{ currency: "USD", count: 9 }, { currency: "CRC", count: 1 }]).map((r) => r.currency)).toEqual(["CRC", "USD"]);
  });
});
