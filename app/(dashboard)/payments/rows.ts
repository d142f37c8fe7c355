import type { PaymentIntent } from "@/lib/payments/schemas";

// What one row of the Payments table needs, and no more: the client receives these, not whole intents with their
// metadata and payment errors.

export type PaymentMethodKind = "card" | "mobile_transfer";

export type PaymentRow = {
  id: string;
  createdAt: string;
  amount: number;
  currency: string;
  status: string;
  customerName: string | null;
  customerEmail: string | null;
  description: string | null;
  method: PaymentMethodKind | null;
};

/** A payment method's type the catalogs name (payments.method.*), or null for another. */
export const paymentMethodKind = (type: unknown): PaymentMethodKind | null => (type === "card" || type === "mobile_transfer" ? type : null);

// The spec does not list the intent's method; the service sends paymentMethodType (as its failed events do).
const methodOf = (intent: PaymentIntent): PaymentMethodKind | null => paymentMethodKind(intent.paymentMethodType);

export function toPaymentRow(intent: PaymentIntent): PaymentRow {
  return {
    id: intent.id,
    createdAt: intent.createdAt,
    amount: intent.amount,
    currency: intent.currency.toUpperCase(),
    status: intent.status,
    customerName: intent.customer?.name || null,
    customerEmail: intent.customer?.email || null,
    description: intent.description || null,
    method: methodOf(intent),
  };
}
