import { describe, expect, it } from "vitest";
import { paymentIntentSchema, renewalSchema } from "@/lib/payments/schemas";
import { fromRenewalEvent, renewalOfIntent, subscriptionHint } from "./renewal-link";

const renewal = (over: object) =>
  renewalSchema.parse({
    id: "inv_1",
    status: "paid",
    currency: "CRC",
    total: 3_300_000,
    periodStart: "2026-11-01T00:00:00.000Z",
    periodEnd: "2026-12-01T00:00:00.000Z",
    subscriptionId: "sub_1",
    paymentIntentId: "pi_paid",
    attemptCount: 2,
    createdAt: "2026-11-01T00:00:00.000Z",
    ...over,
  });

describe("the renewal a payment charged", () => {
  it("reads a renewal event: a success paid it, a failure was one attempt", () => {
    const event = { subscriptionId: "sub_1", periodStart: "2026-11-01T00:00:00.000Z", periodEnd: "2026-12-01T00:00:00.000Z", attemptCount: "2" };
    expect(fromRenewalEvent({ ...event, type: "subscription.renewal.succeeded" })).toEqual({
      subscriptionId: "sub_1",
      renewalId: null,
      periodStart: "2026-11-01T00:00:00.000Z",
      periodEnd: "2026-12-01T00:00:00.000Z",
      outcome: { kind: "paid" },
    });
    expect(fromRenewalEvent({ ...event, type: "subscription.renewal.failed", periodEnd: "soon" })).toMatchObject({ periodEnd: null, outcome: { kind: "failed_attempt", attempt: 2 } });
  });

  it("finds the intent's renewal in a page of the subscription's, and nothing when it is not there", () => {
    const page = [renewal({ id: "inv_2", paymentIntentId: "pi_other" }), renewal({}), renewal({ id: "inv_0", status: "open", paymentIntentId: "pi_failed" })];
    expect(renewalOfIntent(page, "pi_paid")).toMatchObject({ renewalId: "inv_1", outcome: { kind: "paid" } });
    expect(renewalOfIntent(page, "pi_failed")).toMatchObject({ renewalId: "inv_0", outcome: { kind: "failed_attempt", attempt: 2 } });
    expect(renewalOfIntent(page, "pi_none")).toBeNull();
  });

  it("asks the service only about an intent that names its subscription", () => {
    const intent = paymentIntentSchema.parse({ id: "pi_1", status: "succeeded", amount: 100, currency: "CRC", createdAt: "2026-11-01T00:00:00.000Z" });
    expect(subscriptionHint(intent)).toBeNull();
    expect(subscriptionHint({ ...intent, metadata: { subscriptionId: "sub_1", renewalId: "inv_1" } })).toBe("sub_1");
    expect(subscriptionHint({ ...intent, metadata: { subscriptionId: " " } })).toBeNull();
  });
});
