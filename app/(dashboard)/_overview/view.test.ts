import { describe, expect, it } from "vitest";
import type { IntentTotalsRow } from "@/db/queries/overview";
import { outcomeFigures, volumeSeries } from "./view";

const row = (fields: Partial<IntentTotalsRow> & Pick<IntentTotalsRow, "outcome" | "currency">): IntentTotalsRow => ({
  todayCount: 0, todayAmount: "0", todayUnpriced: 0, weekCount: 0, weekAmount: "0", weekUnpriced: 0, ...fields,
});

describe("outcomeFigures", () => {
  it("keeps each currency's amount apart, colones then dollars then the rest by code, and every outcome present even when empty", () => {
    const figures = outcomeFigures([
      row({ outcome: "succeeded", currency: "USD", todayCount: 1, todayAmount: "4999", weekCount: 5, weekAmount: "50000" }),
      row({ outcome: "succeeded", currency: "CRC", todayCount: 2, todayAmount: "3000000", weekCount: 3, weekAmount: "5000000" }),
      row({ outcome: "succeeded", currency: "GTQ", weekCount: 1, weekAmount: "25000" }),
    ]);
    expect(figures.map((f) => f.outcome)).toEqual(["succeeded", "failed", "deferred"]);
    const [succeeded, failed] = figures;
    expect(succeeded!.today).toEqual({ count: 3, unpriced: 0, amounts: [{ currency: "CRC", amount: 3_000_000n }, { currency: "USD", amount: 4_999n }] });
    // USD has more intents this week than CRC: the order is still the Overview's one, not the busiest first.
    expect(succeeded!.week.amounts.map((a) => a.currency)).toEqual(["CRC", "USD", "GTQ"]);
    expect(succeeded!.week.count).toBe(9);
    expect(failed).toEqual({ outcome: "failed", today: { count: 0, amounts: [], unpriced: 0 }, week: { count: 0, amounts: [], unpriced: 0 } });
  });

  it("counts intents without an amount (failures carry none) without showing a zero amount for them", () => {
    const [, failed] = outcomeFigures([
      row({ outcome: "failed", currency: "CRC", todayCount: 2, todayAmount: "1500000", todayUnpriced: 1, weekCount: 2, weekAmount: "1500000", weekUnpriced: 1 }),
      row({ outcome: "failed", currency: "USD", todayCount: 1, todayUnpriced: 1, weekCount: 1, weekUnpriced: 1 }),
      row({ outcome: "failed", currency: null, weekCount: 1, weekUnpriced: 1 }),
    ]);
    expect(failed!.today).toEqual({ count: 3, unpriced: 2, amounts: [{ currency: "CRC", amount: 1_500_000n }] });
    expect(failed!.week).toMatchObject({ count: 4, unpriced: 3 });
  });

  it("sums beyond 2^53 minor units exactly", () => {
    const [succeeded] = outcomeFigures([row({ outcome: "succeeded", currency: "CRC", weekCount: 2, weekAmount: "9007199254740993" })]);
    expect(succeeded!.week.amounts[0]!.amount).toBe(9_007_199_254_740_993n);
  });
});

describe("volumeSeries", () => {
  const days = ["2026-11-19", "2026-11-20", "2026-11-21"];

  it("fills every day of the window, one series per currency, the currency with most payments first", () => {
    const { charted, others } = volumeSeries(
      [
        { day: "2026-11-19", currency: "USD", count: 1, amount: "10000" },
        { day: "2026-11-19", currency: "CRC", count: 2, amount: "3000000" },
        { day: "2026-11-21", currency: "CRC", count: 1, amount: "500000" },
      ],
      days,
    );
    expect(others).toEqual([]);
    expect(charted.map((s) => s.currency)).toEqual(["CRC", "USD"]);
    expect(charted[0]).toMatchObject({ count: 3, total: 3_500_000n, peak: { day: "2026-11-19", amount: 3_000_000n } });
    expect(charted[0]!.points.map((p) => p.amount)).toEqual([3_000_000n, 0n, 500_000n]);
    expect(charted[1]!.points.map((p) => p.count)).toEqual([1, 0, 0]);
  });

  it("charts the two main currencies and names the rest with their totals", () => {
    const rows = ["GTQ", "USD", "CRC", "PEN"].map((currency, i) => ({ day: "2026-11-20", currency, count: 7 + i, amount: String(100 * (i + 1)) }));
    const { charted, others } = volumeSeries(rows, days);
    // The two busiest get the charts (PEN, CRC), shown in the Overview's order of currencies like the rest.
    expect(charted.map((s) => s.currency)).toEqual(["CRC", "PEN"]);
    expect(others.map((s) => [s.currency, s.total])).toEqual([["USD", 200n], ["GTQ", 100n]]);
  });

  it("has nothing to chart without succeeded payments", () => {
    expect(volumeSeries([], days)).toEqual({ charted: [], others: [] });
  });
});
