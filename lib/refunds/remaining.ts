import { z } from "zod";
import type { PaymentIntent } from "@/lib/payments/schemas";

// What is left to refund of an intent. The spec shows no refund fields on the intent; the service sends amountRefunded
// (the sandbox mirrors it), read defensively: an odd or missing value counts as nothing refunded, and the service still
// refuses a refund above what truly remains.

const refundedSchema = z.int().nonnegative().catch(0);

/** Minor units refunded so far; 0 when the service does not say. */
export function refundedOf(intent: PaymentIntent): number {
  return refundedSchema.parse(intent.amountRefunded ?? 0);
}

export function remainingOf(intent: PaymentIntent): number {
  return Math.max(0, intent.amount - refundedOf(intent));
}

/**
 * Whether a refund can be asked for, and if not why: only a succeeded intent is refundable (a partly refunded one stays
 * succeeded; a fully refunded one becomes `refunded`), and only while something remains.
 */
export type Refundability = "refundable" | "fully_refunded" | "not_succeeded";

export function refundabilityOf(intent: PaymentIntent): Refundability {
  if (remainingOf(intent) === 0 || intent.status === "refunded") return "fully_refunded";
  return intent.status === "succeeded" ? "refundable" : "not_succeeded";
}
