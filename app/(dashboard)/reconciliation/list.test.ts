import { describe, expect, it } from "vitest";
import { amountFilter, reconciliationList } from "./list";
import { inOrder } from "./source";

describe("the reconciliation queue's URL", () => {
  it("reads amounts typed in major units as the rest of the app does, and refuses what is not one or could be read two ways", () => {
    expect(amountFilter("15000")).toBe(1_500_000);
    expect(amountFilter("15 000,50")).toBe(1_500_050);
    expect(amountFilter("15000.5", "USD")).toBe(1_500_050);
    expect(amountFilter(null)).toBeUndefined();
    expect(amountFilter("quince")).toBeNull();
    expect(amountFilter("15,000.5")).toBeNull();
  });

  it("keeps queue, currency, age, sender, amounts and dates; an unknown queue or age is dropped", () => {
    const state = reconciliationList.parse("?queue=unmatched&currency=USD&age=d3to7&sender=Ana&amountMin=10&amountMax=20&from=2026-11-01&to=2026-11-02");
    expect(state).toMatchObject({ queue: "unmatched", currency: "USD", age: "d3to7", sender: "Ana", amountMin: "10", amountMax: "20", from: "2026-11-01", to: "2026-11-02" });
    expect(reconciliationList.parse("?queue=everything&age=old")).toMatchObject({ queue: null, age: null });
  });

  it("reads an amount range typed backwards as the amounts between", () => {
    expect(inOrder(2_000_000, 1_000_000)).toEqual([1_000_000, 2_000_000]);
    expect(inOrder(1_000_000, null)).toEqual([1_000_000, null]);
    expect(inOrder(null, 5)).toEqual([null, 5]);
  });

  it("names a row's link by its sender and references, never by its internal id", () => {
    const row = { id: "4862", senderName: "Ana Mora", refs: ["2026112500000000000000001", "2026112500000000000000002"] } as Parameters<NonNullable<typeof reconciliationList.rowName>>[0];
    expect(reconciliationList.rowName!(row)).toBe("Ana Mora, 2026112500000000000000001 + 2026112500000000000000002");
  });
});
