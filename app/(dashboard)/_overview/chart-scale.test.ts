import { describe, expect, it } from "vitest";
import { barHeight, niceTop } from "./chart-scale";

describe("niceTop", () => {
  it("rounds the highest day up to 1, 2, 2.5 or 5 times a power of ten, in major units", () => {
    expect(niceTop(187_341_237, 2)).toBe(200_000_000); // ₡1 873 412,37 → ₡2 000 000
    expect(niceTop(4_999, 2)).toBe(5_000); // $49.99 → $50
    expect(niceTop(2_100_000, 2)).toBe(2_500_000); // ₡21 000 → ₡25 000
    expect(niceTop(100_000, 2)).toBe(100_000); // already round
    expect(niceTop(1_500, 0)).toBe(2_000); // a zero-decimal currency
  });

  it("has a floor of one major unit, even for an empty or tiny series", () => {
    expect(niceTop(0, 2)).toBe(100);
    expect(niceTop(7, 2)).toBe(100);
  });
});

describe("barHeight", () => {
  it("scales to the top, keeps a sliver for tiny days and nothing for empty ones", () => {
    expect(barHeight(100_000_000, 200_000_000)).toBe(50);
    expect(barHeight(1, 200_000_000)).toBe(1.5);
    expect(barHeight(0, 200_000_000)).toBe(0);
  });
});
