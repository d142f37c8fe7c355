import { describe, expect, it } from "vitest";
import {
  createConnectedAccountInputSchema,
  createRefundInputSchema,
  idInputSchema,
  mobileTransferFiltersSchema,
  setWeeklyFeeInputSchema,
} from "./requests";

describe("request inputs", () => {
  it("takes a business name of 1–50 characters and a fee of 0–100 in steps of 0.01", () => {
    expect(createConnectedAccountInputSchema.parse({ businessName: "  Soda La Esquina ", marketplaceAppFee: 5.25 })).toEqual({
      businessName: "Soda La Esquina",
      marketplaceAppFee: 5.25,
    });
    expect(createConnectedAccountInputSchema.safeParse({ businessName: "   " }).success).toBe(false);
    expect(createConnectedAccountInputSchema.safeParse({ businessName: "x".repeat(51) }).success).toBe(false);
    expect(createConnectedAccountInputSchema.safeParse({ businessName: "x", marketplaceAppFee: 100.01 }).success).toBe(false);
    expect(createConnectedAccountInputSchema.safeParse({ businessName: "x", marketplaceAppFee: 1.005 }).success).toBe(false);
    expect(createConnectedAccountInputSchema.safeParse({ businessName: "x", status: "active" }).success).toBe(false);
  });

  it("needs an amount and a currency for an enabled weekly fee, and only the four currencies", () => {
    expect(setWeeklyFeeInputSchema.safeParse({ marketplaceWeeklyFeeEnabled: false, marketplaceWeeklyFeeAmount: null, marketplaceWeeklyFeeCurrency: null }).success).toBe(true);
    expect(setWeeklyFeeInputSchema.safeParse({ marketplaceWeeklyFeeEnabled: true, marketplaceWeeklyFeeAmount: null, marketplaceWeeklyFeeCurrency: "USD" }).success).toBe(false);
    expect(setWeeklyFeeInputSchema.safeParse({ marketplaceWeeklyFeeEnabled: true, marketplaceWeeklyFeeAmount: 500, marketplaceWeeklyFeeCurrency: "MXN" }).success).toBe(false);
    expect(setWeeklyFeeInputSchema.safeParse({ marketplaceWeeklyFeeEnabled: true, marketplaceWeeklyFeeAmount: 500, marketplaceWeeklyFeeCurrency: "GTQ" }).success).toBe(true);
  });

  it("takes a refund of a positive whole amount, or of everything when the amount is left out", () => {
    expect(createRefundInputSchema.safeParse({ paymentIntentId: "pi_01" }).success).toBe(true);
    expect(createRefundInputSchema.safeParse({ paymentIntentId: "pi_01", amount: 0 }).success).toBe(false);
    expect(createRefundInputSchema.safeParse({ paymentIntentId: "pi_01", amount: 10.5 }).success).toBe(false);
    expect(createRefundInputSchema.safeParse({ paymentIntentId: "", amount: 100 }).success).toBe(false);
  });

  it("sends only a reason the service knows and a description it accepts", () => {
    expect(createRefundInputSchema.safeParse({ paymentIntentId: "pi_01", reason: "duplicate", description: "x".repeat(500) }).success).toBe(true);
    expect(createRefundInputSchema.safeParse({ paymentIntentId: "pi_01", reason: "changed_mind" }).success).toBe(false);
    expect(createRefundInputSchema.safeParse({ paymentIntentId: "pi_01", description: "x".repeat(501) }).success).toBe(false);
  });

  it("refuses ids that would change the path, and SINPE references of the wrong length", () => {
    expect(idInputSchema.safeParse("..").success).toBe(false);
    expect(idInputSchema.safeParse("cus_01").success).toBe(true);
    expect(mobileTransferFiltersSchema.safeParse({ SINPERefNumber: "123" }).success).toBe(false);
    expect(mobileTransferFiltersSchema.safeParse({ SINPERefNumber: "2026112115150001234567890", status: "received" }).success).toBe(true);
  });
});

describe("setWeeklyFeeInputSchema while disabled", () => {
  it("refuses an amount or a currency on a disabled fee, as the service does", () => {
    const off = { marketplaceWeeklyFeeEnabled: false, marketplaceWeeklyFeeAmount: null, marketplaceWeeklyFeeCurrency: null };
    expect(setWeeklyFeeInputSchema.safeParse(off).success).toBe(true);
    expect(setWeeklyFeeInputSchema.safeParse({ ...off, marketplaceWeeklyFeeAmount: 500 }).success).toBe(false);
    expect(setWeeklyFeeInputSchema.safeParse({ ...off, marketplaceWeeklyFeeCurrency: "CRC" }).success).toBe(false);
  });
});
