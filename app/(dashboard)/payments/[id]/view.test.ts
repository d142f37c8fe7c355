import { describe, expect, it } from "vitest";
import { paymentIntentSchema } from "@/lib/payments/schemas";
import { declineReasonKey, toIntentView } from "./view";

// A record as the service (and the sandbox) sends it, with the fields the spec does not list.
const intent = paymentIntentSchema.parse({
  id: "pi_01",
  mode: "test",
  status: "requires_payment_method",
  amount: 1_500_000,
  currency: "crc",
  baseAmount: 2941,
  description: "Pedido 42",
  customerId: "cus_01",
  customer: { id: "cus_01", name: "Ana Mora", email: "ana@example.com", phone: "+50688887777" },
  paymentMethodId: "pm_01",
  paymentMethodType: "card",
  confirmationAttempts: 2,
  metadata: { orderId: "42" },
  lastPaymentError: { code: "declined", type: "card_error", reason: "issuer_declined", declineCode: "51", message: "Fondos insuficientes" },
  amountRefunded: 0,
  createdAt: "2026-11-21T15:00:00.000Z",
  updatedAt: "2026-11-21T15:05:00.000Z",
});

describe("declineReasonKey", () => {
  it("words a decline by its reason, an unknown reason as unknown, and no reason not at all", () => {
    expect(declineReasonKey("gateway_declined")).toBe("paymentErrors.decline.gateway_declined");
    expect(declineReasonKey("brand_new_reason")).toBe("paymentErrors.decline.unknown");
    expect(declineReasonKey(null)).toBeNull();
    expect(declineReasonKey("")).toBeNull();
  });
});

describe("toIntentView", () => {
  it("keeps what the page shows, including the fields beyond the spec", () => {
    expect(toIntentView(intent)).toMatchObject({
      id: "pi_01",
      currency: "CRC",
      method: "card",
      baseAmount: 2941,
      customerId: "cus_01",
      customerName: "Ana Mora",
      confirmationAttempts: 2,
      amountRefunded: null,
      metadata: { orderId: "42" },
      lastError: { code: "declined", declineCode: "51", reasonKey: "paymentErrors.decline.issuer_declined" },
    });
  });

  it("hides an odd or empty last error instead of failing", () => {
    expect(toIntentView({ ...intent, lastPaymentError: "boom" }).lastError).toBeNull();
    expect(toIntentView({ ...intent, lastPaymentError: {} }).lastError).toBeNull();
    expect(toIntentView({ ...intent, lastPaymentError: { code: "declined", reason: 7 } }).lastError).toMatchObject({ code: "declined", reason: null, reasonKey: null });
  });

  it("takes the customer id from the embedded customer when the record lacks it", () => {
    expect(toIntentView({ ...intent, customerId: null }).customerId).toBe("cus_01");
    expect(toIntentView({ ...intent, customerId: null, customer: null }).customerId).toBeNull();
  });

  it("shows a refunded amount only when there is one", () => {
    expect(toIntentView({ ...intent, amountRefunded: 500_000 }).amountRefunded).toBe(500_000);
    expect(toIntentView({ ...intent, amountRefunded: -1 }).amountRefunded).toBeNull();
  });

  it("offers a refund of what remains, only on a succeeded intent with something left", () => {
    const paid = { ...intent, status: "succeeded" };
    expect(toIntentView({ ...paid, amountRefunded: 500_000 })).toMatchObject({ remaining: 1_000_000, refundability: "refundable" });
    // The service does not always say: then nothing was refunded as far as this page knows.
    expect(toIntentView({ ...paid, amountRefunded: undefined })).toMatchObject({ remaining: 1_500_000, refundability: "refundable" });
    expect(toIntentView({ ...paid, amountRefunded: 1_500_000 })).toMatchObject({ remaining: 0, refundability: "fully_refunded" });
    expect(toIntentView({ ...intent, status: "refunded", amountRefunded: 1_500_000 }).refundability).toBe("fully_refunded");
    expect(toIntentView({ ...intent, status: "processing" })).toMatchObject({ remaining: 1_500_000, refundability: "not_succeeded" });
  });
});
