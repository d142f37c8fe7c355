import { describe, expect, it } from "vitest";
import { createSellerSchema, fieldErrorsOf, weeklyFeeFormSchema } from "./seller-input";

// The one schema the form checks before sending and the action checks again.

const seller = (businessName: string, appFee: string) => createSellerSchema.safeParse({ businessName, appFee });
const errorsOf = (result: ReturnType<typeof seller> | ReturnType<typeof weeklyFeeFormSchema.safeParse>) => (result.success ? {} : fieldErrorsOf(result.error));

describe("create seller", () => {
  it("reads a name of 1 to 50 characters and a percent with up to two decimals, point or comma", () => {
    expect(seller("  Soda La Esquina ", "5")).toEqual({ success: true, data: { businessName: "Soda La Esquina", marketplaceAppFee: 5 } });
    expect(seller("x".repeat(50), "3,75").data).toEqual({ businessName: "x".repeat(50), marketplaceAppFee: 3.75 });
    expect(seller("Taller", "100").data?.marketplaceAppFee).toBe(100);
    expect(seller("Taller", "").data?.marketplaceAppFee).toBe(0);
  });

  it("refuses a 51-character or blank name, and a fee of 100.001, -1 or over 100, each on its field", () => {
    expect(errorsOf(seller("x".repeat(51), "5"))).toEqual({ businessName: "tooLong" });
    expect(errorsOf(seller("   ", "5"))).toEqual({ businessName: "required" });
    expect(errorsOf(seller("Taller", "100.001"))).toEqual({ appFee: "feeFormat" });
    expect(errorsOf(seller("Taller", "-1"))).toEqual({ appFee: "negative" });
    expect(errorsOf(seller("Taller", "100.5"))).toEqual({ appFee: "feeRange" });
    expect(errorsOf(seller("Taller", "5%"))).toEqual({ appFee: "feeFormat" });
  });
});

describe("weekly fee", () => {
  const fee = (enabled: boolean, amount: string, currency: string) => weeklyFeeFormSchema.safeParse({ accountId: "acct_1", enabled, amount, currency });

  it("sends the amount in the currency's minor units, and nulls when off", () => {
    expect(fee(true, "25,50", "USD").data).toEqual({ marketplaceWeeklyFeeEnabled: true, marketplaceWeeklyFeeAmount: 2550, marketplaceWeeklyFeeCurrency: "USD" });
    expect(fee(true, "2500", "CRC").data?.marketplaceWeeklyFeeAmount).toBe(250000);
    expect(fee(true, "21474836.47", "PEN").data?.marketplaceWeeklyFeeAmount).toBe(2_147_483_647);
    expect(fee(false, "whatever", "").data).toEqual({ marketplaceWeeklyFeeEnabled: false, marketplaceWeeklyFeeAmount: null, marketplaceWeeklyFeeCurrency: null });
  });

  it("refuses 0, 2,147,483,648 minor units, too many decimals and no currency", () => {
    expect(errorsOf(fee(true, "0", "USD"))).toEqual({ amount: "amount_zero" });
    expect(errorsOf(fee(true, "21474836.48", "USD"))).toEqual({ amount: "amount_range" });
    expect(errorsOf(fee(true, "1.234", "USD"))).toEqual({ amount: "amount_decimals" });
    expect(errorsOf(fee(true, "10", ""))).toEqual({ currency: "currency" });
  });
});
