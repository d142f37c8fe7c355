import { describe, expect, it } from "vitest";
import { connectedAccount, customer, listMeta, mobileTransfer, ONBOARDING_URL, paymentIntent } from "../test-utils/fixtures";
import { paymentIntentSchema, refundSchema, renewalSchema, subscriptionSchema } from "./billing";
import { customerListSchema, mobileTransferListSchema, paymentIntentListSchema, renewalListSchema } from "./lists";
import {
  connectedAccountCreatedSchema,
  connectedAccountSchema,
  customerSchema,
  mobileTransferSchema,
  onboardingLinkSchema,
  paymentMethodSchema,
  weeklyFeeSchema,
} from "./records";

describe("customer", () => {
  it("parses the spec's fields and keeps unknown ones", () => {
    const parsed = customerSchema.parse({ ...customer, loyaltyTier: "gold" });
    expect(parsed).toMatchObject({ ...customer, loyaltyTier: "gold" });
  });

  it("allows a customer that never paid and has only an e-mail", () => {
    const minimal = { id: "cus_02", mode: "live", email: "x@example.com", amountSpent: 0, transactionsCount: 0, lastTransactionAt: null, createdAt: customer.createdAt, updatedAt: customer.updatedAt };
    expect(customerSchema.parse(minimal).lastTransactionAt).toBeNull();
  });

  it("refuses amounts that are not numbers, a wrong mode and a bad country", () => {
    expect(customerSchema.safeParse({ ...customer, transactionsCount: 1.5 }).success).toBe(false);
    expect(customerSchema.safeParse({ ...customer, mode: "prod" }).success).toBe(false);
    expect(customerSchema.safeParse({ ...customer, address: { ...customer.address, country: "Costa Rica" } }).success).toBe(false);
  });
});

describe("payment method", () => {
  it("types billing and card brand/expiry and keeps the fields the spec does not show", () => {
    const method = { id: "pm_01", type: "card", billing: { name: "Ana", phone: "+506", address: customer.address }, card: { brand: "visa", expMonth: 12, expYear: 2029, last4: "4242" } };
    expect(paymentMethodSchema.parse(method).card).toMatchObject({ brand: "visa", last4: "4242" });
    expect(paymentMethodSchema.safeParse({ ...method, card: { ...method.card, expMonth: 13 } }).success).toBe(false);
  });
});

describe("mobile transfer", () => {
  it("parses an unlinked transfer (paymentIntentId null)", () => {
    expect(mobileTransferSchema.parse(mobileTransfer).paymentIntentId).toBeNull();
  });

  it("refuses a status the spec does not list, since reconciliation acts on it", () => {
    expect(mobileTransferSchema.safeParse({ ...mobileTransfer, status: "refunded" }).success).toBe(false);
  });
});

describe("connected account", () => {
  it("keeps an unknown stored status and a null business name of an older account", () => {
    const parsed = connectedAccountSchema.parse({ ...connectedAccount, status: "legacy_verified", businessName: null });
    expect(parsed).toMatchObject({ status: "legacy_verified", businessName: null });
  });

  it("never lets an onboardingUrl through a list or read record", () => {
    const parsed = connectedAccountSchema.parse({ ...connectedAccount, onboardingUrl: ONBOARDING_URL, other: 1 });
    expect(parsed).not.toHaveProperty("onboardingUrl");
    expect(parsed).toHaveProperty("other", 1);
    expect(JSON.stringify(parsed)).not.toContain("tok_very_secret");
  });

  it("requires the onboardingUrl and a business name in the creation response", () => {
    expect(connectedAccountCreatedSchema.parse({ ...connectedAccount, onboardingUrl: ONBOARDING_URL }).onboardingUrl).toBe(ONBOARDING_URL);
    expect(connectedAccountCreatedSchema.safeParse(connectedAccount).success).toBe(false);
    expect(connectedAccountCreatedSchema.safeParse({ ...connectedAccount, businessName: null, onboardingUrl: ONBOARDING_URL }).success).toBe(false);
    expect(onboardingLinkSchema.safeParse({ id: "ca_01", onboardingUrl: "not a url" }).success).toBe(false);
  });

  it("reads a disabled weekly fee with null amount and currency, and refuses an amount out of range", () => {
    const disabled = { id: "ca_01", marketplaceWeeklyFeeEnabled: false, marketplaceWeeklyFeeAmount: null, marketplaceWeeklyFeeCurrency: null };
    expect(weeklyFeeSchema.parse(disabled)).toEqual(disabled);
    const enabled = { id: "ca_01", marketplaceWeeklyFeeEnabled: true, marketplaceWeeklyFeeAmount: 250000, marketplaceWeeklyFeeCurrency: "CRC" };
    expect(weeklyFeeSchema.parse(enabled)).toEqual(enabled);
    expect(weeklyFeeSchema.safeParse({ ...enabled, marketplaceWeeklyFeeAmount: 0 }).success).toBe(false);
    expect(weeklyFeeSchema.safeParse({ ...enabled, marketplaceWeeklyFeeAmount: 2_147_483_648 }).success).toBe(false);
    expect(weeklyFeeSchema.safeParse({ id: "ca_01", marketplaceWeeklyFeeEnabled: false }).success).toBe(false);
  });
});

describe("records the spec leaves out", () => {
  it("parses a payment intent, keeping an upstream status it does not know yet", () => {
    expect(paymentIntentSchema.parse(paymentIntent).status).toBe("succeeded");
    expect(paymentIntentSchema.parse({ ...paymentIntent, status: "partially_captured" }).status).toBe("partially_captured");
    expect(paymentIntentSchema.safeParse({ ...paymentIntent, amount: "2500" }).success).toBe(false);
  });

  it("parses subscriptions, renewals and refunds, with renewal status closed", () => {
    expect(subscriptionSchema.parse({ id: "sub_01", status: "active", customerId: "cus_01", createdAt: paymentIntent.createdAt }).status).toBe("active");
    const renewal = { id: "inv_01", status: "open", currency: "USD", total: 1500, periodStart: "2026-11-01T00:00:00Z", periodEnd: "2026-12-01T00:00:00Z", subscriptionId: "sub_01", paymentIntentId: null, createdAt: "2026-11-01T00:00:00Z" };
    expect(renewalSchema.parse(renewal).paymentIntentId).toBeNull();
    expect(renewalSchema.safeParse({ ...renewal, status: "pending" }).success).toBe(false);
    expect(refundSchema.parse({ id: "re_01", paymentIntentId: "pi_01", amount: 500, status: "succeeded", createdAt: "2026-11-21T00:00:00Z" }).amount).toBe(500);
  });
});

describe("list envelopes", () => {
  it("reads list meta and keeps metadataKeys on payment intent lists", () => {
    expect(customerListSchema.parse({ data: [customer], meta: listMeta }).meta).toMatchObject({ cursorNext: "cus_10", cursorBefore: "cus_01" });
    const withKeys = paymentIntentListSchema.parse({ data: [paymentIntent], meta: listMeta, metadataKeys: ["orderId"] });
    expect(withKeys.metadataKeys).toEqual(["orderId"]);
    expect(paymentIntentListSchema.parse({ data: [], meta: { ...listMeta, cursorNext: null } }).metadataKeys).toBeUndefined();
  });

  it("reads renewal meta with its own cursor names and transfer meta with total/hasMore", () => {
    const meta = { total: 1, pages: 1, limit: 10, startingAfter: "inv_9", endingBefore: null };
    expect(renewalListSchema.parse({ data: [], meta }).meta.startingAfter).toBe("inv_9");
    expect(mobileTransferListSchema.parse({ data: [mobileTransfer], meta: { total: 1, hasMore: false } }).meta.hasMore).toBe(false);
    expect(mobileTransferListSchema.safeParse({ data: [mobileTransfer], meta: listMeta }).success).toBe(false);
  });

  it("fails the whole list when one item has the wrong shape", () => {
    expect(customerListSchema.safeParse({ data: [customer, { id: 7 }], meta: listMeta }).success).toBe(false);
  });
});
