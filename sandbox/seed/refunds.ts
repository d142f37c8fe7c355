import type { Refund } from "@/lib/payments/schemas";
import type { SandboxPaymentIntent } from "@/sandbox/model";
import type { ModeContext } from "./context";
import { partOf } from "./money";
import type { Rng, Weighted } from "./random";
import { DAY, HOUR, after, iso } from "./time";

const REASONS: Weighted<readonly [string | null, string | null]> = [
  [["requested_by_customer", "El cliente devolvió el producto"], 30],
  [["requested_by_customer", "Cancelación de la inscripción"], 15],
  [["requested_by_customer", "Producto dañado"], 15],
  [["requested_by_customer", null], 10],
  [["duplicate", "Cobro duplicado"], 15],
  [["fraudulent", "Contracargo por fraude reportado"], 5],
  [[null, null], 10],
];

/**
 * Refunds an intent in full (status `refunded`; now and then in two steps) or in part (it stays `succeeded`), and keeps
 * amountRefunded and updatedAt in step with the refund records.
 */
export function refundIntent(ctx: ModeContext, rng: Rng, intent: SandboxPaymentIntent, paidMs: number, full: boolean): Refund[] {
  const first = partOf(rng, intent.amount, intent.currency);
  const parts = full ? (rng.chance(0.1) ? [first, intent.amount - first] : [intent.amount]) : [first];
  const refunds: Refund[] = [];
  let atMs = paidMs;
  for (const amount of parts) {
    atMs = after(rng, atMs, HOUR, 20 * DAY, ctx.nowMs);
    const [reason, description] = rng.weighted(REASONS);
    refunds.push({
      // "ref_", like the refunds the sandbox creates at run time.
      id: rng.id("ref"),
      mode: ctx.mode,
      paymentIntentId: intent.id,
      amount,
      currency: intent.currency,
      // Refund statuses are undocumented; these ones went through, which is what amountRefunded counts.
      status: "succeeded",
      reason,
      description,
      createdAt: iso(atMs),
    });
    intent.amountRefunded += amount;
  }
  intent.status = full ? "refunded" : intent.status;
  intent.updatedAt = iso(atMs);
  return refunds;
}
