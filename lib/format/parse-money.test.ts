import { describe, expect, it } from "vitest";
import { formatMoney } from "./money";
import { parseMajorAmount, toMajorInput } from "./parse-money";

const minor = (text: string, currency = "CRC") => {
  const parsed = parseMajorAmount(text, currency);
  return parsed.ok ? parsed.minor : parsed.error;
};

describe("parseMajorAmount", () => {
  it("reads whole and decimal amounts with either decimal separator", () => {
    expect(minor("5000")).toBe(500_000);
    expect(minor("5000,5")).toBe(500_050);
    expect(minor("5000.50")).toBe(500_050);
    expect(minor("49.99", "USD")).toBe(4999);
    expect(minor("0,01")).toBe(1);
    expect(minor("  12  ")).toBe(1200);
  });

  it("takes thousands grouped by spaces, as es-CR writes them and as a formatted amount is copied", () => {
    expect(minor("1 234 567,89")).toBe(123_456_789);
    const copied = formatMoney(123_456, "CRC", "es-CR").replace("₡", "");
    expect(minor(copied)).toBe(123_456);
    expect(minor("12 34")).toBe("format");
    expect(minor("1234 567")).toBe("format");
  });

  it("never reads a comma or a point as a thousands separator", () => {
    // "1,234" is 1.234: three decimals, which colones and dollars do not have.
    expect(minor("1,234")).toBe("decimals");
    expect(minor("1.234", "USD")).toBe("decimals");
    expect(minor("1.234,56")).toBe("format");
    expect(minor("1,234.56", "USD")).toBe("format");
  });

  it("refuses zero, negative, empty and anything that is not a plain amount", () => {
    expect(minor("0")).toBe("zero");
    expect(minor("0,00")).toBe("zero");
    expect(minor("-5")).toBe("negative");
    expect(minor("−5")).toBe("negative");
    expect(minor("")).toBe("required");
    expect(minor("   ")).toBe("required");
    for (const text of ["abc", "5.", ".5", "+5", "1e3", "5,0,0", "₡5000", "5000 CRC", "0x10", "Infinity", "NaN"]) {
      expect(minor(text), text).toBe("format");
    }
  });

  it("refuses more decimals than the currency has", () => {
    expect(minor("10.001", "USD")).toBe("decimals");
    expect(minor("10.5", "JPY")).toBe("decimals");
    expect(minor("10", "JPY")).toBe(10);
    expect(minor("1.234", "KWD")).toBe(1234);
  });

  it("stays exact where a float would not, and refuses what no integer can hold", () => {
    expect(minor("0.29", "USD")).toBe(29);
    expect(minor("1.13", "USD")).toBe(113);
    expect(minor("90071992547409.91", "USD")).toBe(Number.MAX_SAFE_INTEGER);
    expect(minor("90071992547409.92", "USD")).toBe("too_large");
  });
});

describe("toMajorInput", () => {
  it("writes minor units back as an operator types them, and reads back the same", () => {
    expect(toMajorInput(500_050, "CRC", "es-CR")).toBe("5000,50");
    expect(toMajorInput(500_050, "CRC", "en-US")).toBe("5000.50");
    expect(toMajorInput(1500, "JPY", "es-CR")).toBe("1500");
    expect(minor(toMajorInput(123_456_789, "CRC", "es-CR"))).toBe(123_456_789);
  });
});
