import { describe, expect, it } from "vitest";
import { packRows, unpackRows } from "./packed-rows";

describe("packed rows", () => {
  it("name each field once and give back the same rows: a left-out field stays out, null stays null", () => {
    const rows = [
      { id: "sub_1", customerId: null, perPeriod: { amount: 2800000, currency: "CRC" } },
      { id: "sub_2", customerId: "cus_1", customerName: "Ana Mora", perPeriod: null },
    ];
    const packed = packRows(rows);
    expect(packed.fields).toEqual(["id", "customerId", "perPeriod", "customerName"]);
    expect(JSON.stringify(packed).match(/customerName/g)).toHaveLength(1);
    const back = unpackRows(packed);
    expect(back).toEqual(rows);
    expect("customerName" in back[0]!).toBe(false);
    expect(back[0]!.customerId).toBeNull();
  });

  it("pack an empty page", () => {
    expect(unpackRows(packRows([]))).toEqual([]);
  });
});
