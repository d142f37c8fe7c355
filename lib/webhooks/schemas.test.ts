import { describe, expect, it } from "vitest";
import { eventCustomer } from "@/lib/payments/test-utils/fixtures";
import { eventEnvelopeSchema } from "@/lib/payments/schemas";
import { PAYMENT_EVENT_TYPES, isPaymentEventType, paymentEventSchema } from "./registry";

// One sample per event type, with exactly the fields the spec lists for its payload.
const samples = {
  "payment-intent.succeeded": {
    id: "pi_01",
    accountId: "acc_01",
    currency: "USD",
    amount: 1999,
    status: "succeeded",
    confirmationAttempts: 1,
    description: "Pedido 42",
    createdAt: "2026-11-21T10:00:00.000Z",
    customer: eventCustomer,
    metadata: { orderId: "42" },
  },
  "payment-intent.deferred": {
    id: "pi_02",
    mode: "test",
    currency: "CRC",
    status: "processing",
    confirmationAttempts: 1,
    description: "SINPE pendiente",
    createdAt: "2026-11-21T10:00:00.000Z",
    amount: 500000,
    baseAmount: 962,
    paymentMethodId: "pm_01",
    customerId: "cus_01",
    accountId: "acc_01",
  },
  "payment-intent.failed": {
    id: "pi_03",
    accountId: "acc_01",
    currency: "USD",
    status: "requires_payment_method",
    customer: eventCustomer,
    metadata: {},
    error: { message: "Card declined", code: "declined", type: "processing_error", paymentMethodType: "card", createdAt: "2026-11-21T10:01:00.000Z" },
  },
  "subscription.renewal.succeeded": {
    mode: "live",
    status: "paid",
    currency: "USD",
    description: "Plan mensual",
    total: 1500,
    periodStart: "2026-11-01T00:00:00.000Z",
    periodEnd: "2026-12-01T00:00:00.000Z",
    subscriptionId: "sub_01",
    paymentIntentId: "pi_04",
    customerId: "cus_01",
  },
  "subscription.renewal.failed": {
    accountId: "acc_01",
    subscriptionId: "sub_01",
    paymentIntentId: "",
    currency: "USD",
    invoiceStatus: "open",
    subscriptionStatus: "past_due",
    attemptCount: 2,
    invoicePeriodStart: "2026-11-01T00:00:00.000Z",
    invoicePeriodEnd: "2026-12-01T00:00:00.000Z",
    periodStart: "2026-11-01T00:00:00.000Z",
    periodEnd: "2026-12-01T00:00:00.000Z",
    nextPaymentAttempt: "2026-11-24T00:00:00.000Z",
    lastPaymentAttempt: "2026-11-21T00:00:00.000Z",
    customer: eventCustomer,
    error: { message: "Insufficient funds", code: "insufficient_funds", type: "processing_error" },
  },
  "checkout-session.succeeded": {
    mode: "test",
    paymentStatus: "paid",
    currency: "CRC",
    url: "https://checkout.example/cs_01",
    amountTotal: 300000,
    createdAt: "2026-11-21T11:00:00.000Z",
    metadata: { cart: "77" },
    customer: eventCustomer,
    lineItems: [{ name: "Café 1 kg", description: "Tarrazú", currency: "CRC", amount: 300000 }],
  },
  "mobile-transfer.received": {
    amount: 1500000,
    currency: "CRC",
    description: "Pago factura 123",
    SINPERefNumber: "2026112115150001234567890",
    originId: "1-1234-5678",
    originName: "Luis Solís Rojas",
    originPhone: "+50688881111",
    authorizationDate: "2026-11-21T15:15:00.000Z",
  },
} as const;

describe("paymentEventSchema", () => {
  it("covers the seven event types of the spec", () => {
    expect([...PAYMENT_EVENT_TYPES].sort()).toEqual(Object.keys(samples).sort());
    expect(isPaymentEventType("mobile-transfer.received")).toBe(true);
    expect(isPaymentEventType("customer.created")).toBe(false);
  });

  it.each(Object.entries(samples))("parses %s and narrows on type", (type, data) => {
    const event = paymentEventSchema.parse({ type, data });
    expect(event.type).toBe(type);
    expect(event.data).toEqual(data);
  });

  it.each(Object.entries(samples))("keeps unknown fields of %s, inside data and outside", (type, data) => {
    const event = paymentEventSchema.parse({ type, data: { ...data, addedLater: { x: 1 } }, apiVersion: "2.1" });
    expect(event).toMatchObject({ apiVersion: "2.1", data: { addedLater: { x: 1 } } });
  });

  it("refuses a payload of the wrong shape", () => {
    const transfer = samples["mobile-transfer.received"];
    expect(paymentEventSchema.safeParse({ type: "mobile-transfer.received", data: { ...transfer, amount: "15000" } }).success).toBe(false);
    expect(paymentEventSchema.safeParse({ type: "mobile-transfer.received", data: { ...transfer, amount: 10.5 } }).success).toBe(false);
    const withoutRef: Record<string, unknown> = { ...transfer };
    delete withoutRef.SINPERefNumber;
    expect(paymentEventSchema.safeParse({ type: "mobile-transfer.received", data: withoutRef }).success).toBe(false);
    const renewal = samples["subscription.renewal.succeeded"];
    expect(paymentEventSchema.safeParse({ type: "subscription.renewal.succeeded", data: { ...renewal, status: "settled" } }).success).toBe(false);
  });

  it("refuses a payload under another type's name, and an unknown type", () => {
    expect(paymentEventSchema.safeParse({ type: "payment-intent.deferred", data: samples["payment-intent.succeeded"] }).success).toBe(false);
    expect(paymentEventSchema.safeParse({ type: "refund.created", data: {} }).success).toBe(false);
  });

  it("accepts an intent status the service adds later, and metadata only within its limits", () => {
    const data = { ...samples["payment-intent.succeeded"], status: "partially_refunded" };
    expect(paymentEventSchema.parse({ type: "payment-intent.succeeded", data }).data).toMatchObject({ status: "partially_refunded" });
    const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, "v"]));
    expect(paymentEventSchema.safeParse({ type: "payment-intent.succeeded", data: { ...data, metadata: tooMany } }).success).toBe(false);
    const longKey = { ["k".repeat(41)]: "v" };
    expect(paymentEventSchema.safeParse({ type: "payment-intent.succeeded", data: { ...data, metadata: longKey } }).success).toBe(false);
    const longValue = { note: "v".repeat(501) };
    expect(paymentEventSchema.safeParse({ type: "payment-intent.succeeded", data: { ...data, metadata: longValue } }).success).toBe(false);
  });

  it("rounds a converted USD amount to whole cents, since money is formatted from integers", () => {
    const data = { ...samples["payment-intent.deferred"], baseAmount: 961.54 };
    expect(paymentEventSchema.parse({ type: "payment-intent.deferred", data }).data).toMatchObject({ baseAmount: 962 });
  });

  it("reads any event's envelope before its payload is checked", () => {
    expect(eventEnvelopeSchema.safeParse({ type: "refund.created", data: { id: "re_1" } }).success).toBe(true);
    expect(eventEnvelopeSchema.safeParse({ type: "refund.created" }).success).toBe(false);
  });
});
