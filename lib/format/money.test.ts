import { describe, expect, it } from "vitest";
import { formatMoney, formatMoneyCompact, minorToMajorString, minorUnitDigits } from "./money";

// Intl separates groups with narrow no-break spaces in es-CR; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("formatMoney", () => {
  it("formats colones from céntimos in Costa Rican Spanish and in English", () => {
    expect(plain(formatMoney(123456, "CRC", "es-CR"))).toBe("₡1 234,56");
    expect(formatMoney(123456, "CRC", "en-US")).toBe("₡1,234.56");
    expect(plain(formatMoney(100_000_000, "CRC", "es-CR"))).toBe("₡1 000 000,00");
  });

  it("formats dollars from cents, keeping both decimals", () => {
    expect(formatMoney(199, "USD", "en-US")).toBe("$1.99");
    expect(formatMoney(500, "USD", "en-US")).toBe("$5.00");
    expect(formatMoney(5, "USD", "en-US")).toBe("$0.05");
    expect(formatMoney(-250, "USD", "en-US")).toBe("-$2.50");
  });

  it("treats a zero-decimal currency's amount as whole units", () => {
    expect(formatMoney(1500, "JPY", "en-US")).toBe("¥1,500");
    expect(plain(formatMoney(1500, "CLP", "es-CR"))).toMatch(/^\$?1 500|^CLP/);
    expect(minorUnitDigits("CLP")).toBe(0);
  });

  it("uses three decimals where ISO 4217 says so", () => {
    expect(formatMoney(1234, "KWD", "en-US")).toMatch(/1\.234$/);
  });

  it("stays exact beyond 2^53 and never goes through a float", () => {
    expect(minorToMajorString(9007199254740993n, "USD")).toBe("90071992547409.93");
    expect(formatMoney(9007199254740993n, "USD", "en-US")).toBe("$90,071,992,547,409.93");
    expect(minorToMajorString(10, "USD")).toBe("0.10");
  });

  it("refuses amounts that are not integer minor units and codes that are not currencies", () => {
    expect(() => formatMoney(1.5, "USD", "en-US")).toThrow(RangeError);
    expect(() => formatMoney(100, "dollars", "en-US")).toThrow(RangeError);
  });
});

describe("formatMoneyCompact", () => {
  it("rounds an axis label to a few digits in the operator's language, from minor units", () => {
    expect(plain(formatMoneyCompact(123_456_700, "CRC", "es-CR"))).toBe("₡1,2 M");
    expect(formatMoneyCompact(123_456_700, "CRC", "en-US")).toBe("₡1.2M");
    expect(formatMoneyCompact(99_900, "USD", "en-US")).toBe("$999");
    expect(formatMoneyCompact(0, "USD", "en-US")).toBe("$0");
  });

  it("writes thousands one way on one axis: \"mil\" in Spanish (CLDR gives \"5 K\" but \"10 k\"), \"K\" in English", () => {
    expect(plain(formatMoneyCompact(500_000, "USD", "es-CR"))).toBe("$5 mil");
    expect(plain(formatMoneyCompact(1_000_000, "USD", "es-CR"))).toBe("$10 mil");
    expect(plain(formatMoneyCompact(25_000_000, "CRC", "es-CR"))).toBe("₡250 mil");
    expect(plain(formatMoneyCompact(250_000_000, "CRC", "es-CR"))).toBe("₡2,5 M");
    expect(formatMoneyCompact(500_000, "USD", "en-US")).toBe("$5K");
    expect(formatMoneyCompact(1_000_000, "USD", "en-US")).toBe("$10K");
  });
});

describe("formatMoney's fast path", () => {
  // Amounts below 10^15 minor units reach Intl as doubles (lib/format/money.ts): each must print exactly what the
  // decimal string prints, whatever the currency's minor unit.
  const exact = (amount: number, currency: string, locale: string) => {
    const digits = minorUnitDigits(currency);
    return new Intl.NumberFormat(locale, { style: "currency", currency, currencyDisplay: "narrowSymbol", minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
      minorToMajorString(amount, currency) as `${number}`,
    );
  };
  const edges = [0, 1, -1, 5, 15, 995, 1005, 6599, 4_500_000, 123_456_789_012_345, 999_999_999_999_995, 999_999_999_999_999, -999_999_999_999_999];
  let seed = 11;
  const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647) * 1e15;

  it.each(["USD", "CRC", "JPY", "KWD", "CLF"])("%s: every amount prints as its decimal string does", (currency) => {
    const amounts = [...edges, ...Array.from({ length: 2000 }, () => Math.floor(random()) * (seed % 2 ? 1 : -1))];
    for (const locale of ["es-CR", "en-US"]) for (const amount of amounts) expect(formatMoney(amount, currency, locale)).toBe(exact(amount, currency, locale));
  });
});
