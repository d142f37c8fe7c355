import { describe, expect, it } from "vitest";
import { checkRefundFields } from "./refund-input";

const fields = (amount: string, extra: object = {}) => ({ amount, reason: "duplicate", description: "", ...extra });

describe("checkRefundFields", () => {
  it("reads the amount in the payment's currency and drops a blank description", () => {
    expect(checkRefundFields(fields("2500,50"), "CRC", 1_000_000)).toEqual({ ok: true, value: { amount: 250_050, reason: "duplicate", description: undefined } });
    expect(checkRefundFields(fields("19.99", { description: "  Cobro doble " }), "USD")).toEqual({ ok: true, value: { amount: 1999, reason: "duplicate", description: "Cobro doble" } });
  });

  it("refuses more than remains, but not what remains exactly", () => {
    expect(checkRefundFields(fields("10000,01"), "CRC", 1_000_000)).toEqual({ ok: false, fieldErrors: { amount: "exceeds" } });
    expect(checkRefundFields(fields("10000"), "CRC", 1_000_000).ok).toBe(true);
  });

  it("names every field that is wrong at once, each with its own reason", () => {
    expect(checkRefundFields({ amount: "0", reason: "", description: "x".repeat(501) }, "CRC", 1_000)).toEqual({
      ok: false,
      fieldErrors: { amount: "zero", reason: "reason_required", description: "too_long" },
    });
    expect(checkRefundFields(fields("-3"), "CRC")).toEqual({ ok: false, fieldErrors: { amount: "negative" } });
    expect(checkRefundFields(fields("1.999"), "USD")).toEqual({ ok: false, fieldErrors: { amount: "decimals" } });
    expect(checkRefundFields(fields("5", { reason: "changed_mind" }), "USD")).toEqual({ ok: false, fieldErrors: { reason: "reason_required" } });
  });
});
