import { describe, expect, it } from "vitest";
import { parseMajorAmount, reconciliationList } from "./list";

describe("the reconciliation queue's URL", () => {
  it("reads amounts typed in major units either way round, and refuses what is not one", () => {
    expect(parseMajorAmount("15000")).toBe(1_500_000);
    expect(parseMajorAmount("15 000,50")).toBe(1_500_050);
    expect(parseMajorAmount("15,000.5")).toBe(1_500_050);
    expect(parseMajorAmount("₡15.000")).toBe(1_500_000);
    expect(parseMajorAmount(null)).toBeUndefined();
    expect(parseMajorAmount("quince")).toBeNull();
  });

  it("keeps queue, currency, age, sender, amounts and dates; an unknown queue or age is dropped", () => {
    const state = reconciliationList.parse("?queue=unmatched&currency=USD&age=d3to7&sender=Ana&amountMin=10&amountMax=20&from=2026-11-01&to=2026-11-02");
    expect(state).toMatchObject({ queue: "unmatched", currency: "USD", age: "d3to7", sender: "Ana", amountMin: "10", amountMax: "20", from: "2026-11-01", to: "2026-11-02" });
    expect(reconciliationList.parse("?queue=everything&age=old")).toMatchObject({ queue: null, age: null });
  });
});
