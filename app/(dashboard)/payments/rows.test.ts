import { describe, expect, it } from "vitest";
import type { PaymentIntent } from "@/lib/payments/schemas";
import { paymentIntent } from "@/lib/payments/test-utils/fixtures";
import { toPaymentRow } from "./rows";

const intent = (fields: Partial<PaymentIntent>) => ({ ...paymentIntent, ...fields }) as PaymentIntent;

describe("toPaymentRow", () => {
  it("keeps what the table shows: amount and currency, the embedded customer, the method", () => {
    const row = toPaymentRow(
      intent({ currency: "crc", customer: { id: "cus_01", name: "Ana Mora", email: "ana@example.com" }, paymentMethodType: "mobile_transfer" }),
    );
    expect(row).toEqual({
      id: "pi_01",
      createdAt: "2026-11-21T10:00:00.000Z",
      amount: 250000,
      currency: "CRC",
      status: "succeeded",
      customerName: "Ana Mora",
      customerEmail: "ana@example.com",
      description: "Pedido 42",
      method: "mobile_transfer",
    });
    expect(row).not.toHaveProperty("metadata");
  });

  it("leaves out what is missing or unknown rather than guessing", () => {
    expect(toPaymentRow(intent({ customer: null, description: "", paymentMethodType: "crypto" }))).toMatchObject({
      customerName: null,
      customerEmail: null,
      description: null,
      method: null,
    });
  });
});
