import { describe, expect, it } from "vitest";
import { METADATA_LIMITS } from "@/lib/payments/schemas";
import type { SandboxRenewal } from "@/sandbox/model";
import { MODES, NOW, seedAt } from "./test-data";

describe.each(MODES)("%s customers", (mode) => {
  const data = seedAt(1)[mode];

  it("have totals that agree with their succeeded intents (USD cents, count, latest)", () => {
    const totals = new Map<string, { spent: number; count: number; last: string | null }>();
    for (const intent of data.paymentIntents) {
      if (intent.status !== "succeeded" || !intent.customerId) continue;
      const total = totals.get(intent.customerId) ?? { spent: 0, count: 0, last: null };
      total.spent += intent.baseAmount ?? 0;
      total.count += 1;
      if (!total.last || intent.createdAt > total.last) total.last = intent.createdAt;
      totals.set(intent.customerId, total);
    }
    for (const customer of data.customers) {
      const total = totals.get(customer.id) ?? { spent: 0, count: 0, last: null };
      expect({ spent: customer.amountSpent, count: customer.transactionsCount, last: customer.lastTransactionAt }).toEqual(total);
    }
    expect(data.customers.some((customer) => customer.lastTransactionAt === null)).toBe(true);
  });

  it("look Costa Rican: two surnames, +506 mobile numbers, CR addresses", () => {
    for (const customer of data.customers) {
      expect(customer.name?.split(" ").length).toBeGreaterThanOrEqual(3);
      if (customer.phone) expect(customer.phone).toMatch(/^\+506[678]\d{7}$/);
      if (customer.email) expect(customer.email).toMatch(/^[a-z0-9.]+@[a-z0-9.]+\.[a-z]+$/);
      if (customer.address) expect(customer.address).toMatchObject({ country: "CR", postalCode: expect.stringMatching(/^[1-7]\d{4}$/) });
    }
  });

  it("existed before any of their intents, subscriptions or cards", () => {
    const created = new Map(data.customers.map((customer) => [customer.id, customer.createdAt]));
    const owned = [...data.paymentIntents, ...data.subscriptions, ...data.paymentMethods, ...data.renewals];
    for (const record of owned) {
      if (record.customerId) expect((record.createdAt ?? "") >= (created.get(record.customerId) ?? "~")).toBe(true);
    }
  });
});

describe.each(MODES)("%s payment intents", (mode) => {
  const data = seedAt(1)[mode];

  it("belong to the mode's one merchant account and embed their customer", () => {
    const accounts = new Set(data.paymentIntents.map((intent) => intent.accountId));
    expect(accounts.size).toBe(1);
    for (const intent of data.paymentIntents) expect(intent.customer?.id ?? null).toBe(intent.customerId);
    expect(data.paymentIntents.filter((intent) => intent.customerId).length / data.paymentIntents.length).toBeGreaterThan(0.85);
  });

  it("use a payment method of their own customer, of their type, saved before the intent", () => {
    const methods = new Map(data.paymentMethods.map((method) => [method.id, method]));
    const wrong = data.paymentIntents.filter((intent) => {
      if (!intent.paymentMethodId) return false;
      const method = methods.get(intent.paymentMethodId);
      return method?.customerId !== intent.customerId || method.type !== intent.paymentMethodType || (method.createdAt ?? "~") > intent.createdAt;
    });
    expect(wrong).toEqual([]);
    for (const method of data.paymentMethods) {
      if (method.type === "card") expect(method.card).toMatchObject({ brand: expect.stringMatching(/^(visa|mastercard)$/) });
    }
  });

  it("carry amounts that look like prices and a baseAmount in USD cents", () => {
    const wrong = data.paymentIntents.filter((intent) =>
      intent.currency === "CRC"
        ? intent.amount % 100 !== 0 || intent.amount < 2_500_00 || intent.baseAmount !== Math.round(intent.amount / 510)
        : intent.amount < 5_00 || intent.baseAmount !== intent.amount,
    );
    expect(wrong).toEqual([]);
  });

  it("keep metadata within the spec's limits", () => {
    const { maxPairs, maxKeyLength, maxValueLength } = METADATA_LIMITS;
    const wrong = data.paymentIntents.filter(({ metadata }) => {
      const entries = Object.entries(metadata);
      return entries.length > maxPairs || entries.some(([key, value]) => key.length > maxKeyLength || value.length > maxValueLength);
    });
    expect(wrong).toEqual([]);
  });

  it("explain failed card attempts with the spec's decline reasons", () => {
    const reasons = new Set(["issuer_declined", "gateway_declined", "onvo_declined", "processor_error", "unknown"]);
    const failed = data.paymentIntents.filter((intent) => intent.status === "requires_payment_method" && intent.paymentMethodType === "card");
    expect(failed.filter((intent) => intent.lastPaymentError).length / failed.length).toBeGreaterThan(0.6);
    for (const { lastPaymentError: error } of data.paymentIntents) {
      if (!error) continue;
      expect(error.code).toBe("declined");
      expect(["card_error", "processing_error"]).toContain(error.type);
      expect(reasons.has(error.reason ?? "")).toBe(true);
      expect(error.declineCode).toBeTruthy();
    }
  });

  it("add up refunds: full ones mark the intent refunded, partial ones leave it succeeded", () => {
    const refunded = new Map<string, number>();
    for (const refund of data.refunds) refunded.set(refund.paymentIntentId, (refunded.get(refund.paymentIntentId) ?? 0) + refund.amount);
    for (const intent of data.paymentIntents) {
      expect(intent.amountRefunded).toBe(refunded.get(intent.id) ?? 0);
      if (intent.status === "refunded") expect(intent.amountRefunded).toBe(intent.amount);
      else if (intent.amountRefunded > 0) expect(intent.status === "succeeded" && intent.amountRefunded < intent.amount).toBe(true);
    }
    expect(data.paymentIntents.some((intent) => intent.status === "succeeded" && intent.amountRefunded > 0)).toBe(true);
  });
});

describe.each(MODES)("%s subscriptions and renewals", (mode) => {
  const data = seedAt(1)[mode];
  const intents = new Map(data.paymentIntents.map((intent) => [intent.id, intent]));
  const prices = new Map(data.prices.map((price) => [price.id, price]));

  it("chain renewals period after period, the newest matching the current period", () => {
    const bySubscription = new Map<string, SandboxRenewal[]>();
    for (const renewal of data.renewals) bySubscription.set(renewal.subscriptionId, [...(bySubscription.get(renewal.subscriptionId) ?? []), renewal]);
    for (const subscription of data.subscriptions) {
      const renewals = bySubscription.get(subscription.id) ?? [];
      renewals.forEach((renewal, index) => {
        const next = renewals[index + 1];
        if (next) expect(next.periodStart).toBe(renewal.periodEnd);
        expect(renewal.total).toBe(subscription.items.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0));
      });
      const newest = renewals.at(-1);
      if (newest) expect([newest.periodStart, newest.periodEnd]).toEqual([subscription.currentPeriodStart, subscription.currentPeriodEnd]);
      else expect(subscription.status).toBe("trialing");
      for (const item of subscription.items) expect(prices.get(item.priceId)).toMatchObject({ type: "recurring", productId: item.productId, currency: subscription.currency });
    }
  });

  it("tie each charged renewal to one intent with its amount, and mark failures as the dunning reached them", () => {
    for (const renewal of data.renewals) {
      const intent = intents.get(renewal.paymentIntentId ?? "");
      if (renewal.status === "draft") expect(renewal.paymentIntentId).toBeNull();
      else expect(intent).toMatchObject({ amount: renewal.total, currency: renewal.currency, customerId: renewal.customerId });
      if (renewal.status === "paid") expect(intent?.status).toBe("succeeded");
      if (renewal.status === "uncollectible") expect(renewal).toMatchObject({ attemptCount: 4, nextPaymentAttempt: null });
      if (renewal.status !== "draft") expect(renewal.lastPaymentAttempt).not.toBeNull();
    }
  });

  it("keep past-due subscriptions retrying: open renewal, 1–3 attempts, next attempt in the future", () => {
    const now = NOW.toISOString();
    const pastDue = data.subscriptions.filter((subscription) => subscription.status === "past_due");
    expect(pastDue.length).toBeGreaterThan(0);
    for (const subscription of pastDue) {
      const newest = data.renewals.filter((renewal) => renewal.subscriptionId === subscription.id).at(-1);
      expect(newest?.status).toBe("open");
      expect(newest?.attemptCount).toBeGreaterThanOrEqual(1);
      expect(newest?.attemptCount).toBeLessThanOrEqual(3);
      expect((newest?.nextPaymentAttempt ?? "") > now).toBe(true);
      expect((newest?.lastPaymentAttempt ?? "~") <= (newest?.nextPaymentAttempt ?? "")).toBe(true);
    }
  });
});

describe.each(MODES)("%s connected accounts", (mode) => {
  const data = seedAt(1)[mode];

  it("have fees in 0.01 steps, a few legacy accounts without a name, and weekly fees enabled or fully disabled", () => {
    for (const account of data.connectedAccounts) {
      expect(Math.round(account.marketplaceAppFee * 100) / 100).toBe(account.marketplaceAppFee);
      expect(account.businessName === null || account.businessName.length <= 50).toBe(true);
    }
    expect(data.connectedAccounts.some((account) => account.businessName === null)).toBe(true);
    const fees = Object.values(data.weeklyFees);
    for (const fee of fees) {
      if (fee.marketplaceWeeklyFeeEnabled) expect(fee.marketplaceWeeklyFeeAmount).toBeGreaterThanOrEqual(1);
      else expect([fee.marketplaceWeeklyFeeAmount, fee.marketplaceWeeklyFeeCurrency]).toEqual([null, null]);
    }
    expect(new Set(fees.map((fee) => fee.marketplaceWeeklyFeeEnabled))).toEqual(new Set([true, false]));
  });
});
