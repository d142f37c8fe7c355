import type { PaymentIntentStatus, Refund } from "@/lib/payments/schemas";
import type { SandboxPaymentIntent } from "@/sandbox/model";
import type { Catalog } from "./catalog";
import type { ModeContext } from "./context";
import type { Customers, Profile } from "./customers";
import { buildIntent, outcomeOf } from "./intents";
import { cardFor, sinpeMethodFor } from "./methods";
import { cardPurchase, sinpePurchase } from "./purchases";
import type { Rng, Weighted } from "./random";
import { refundIntent } from "./refunds";
import { DAY, HOUR, MINUTE, waking } from "./time";

/** The one-off intents: card payments, SINPE intents that were paid (linked), and SINPE intents still waiting (open). */
export type PaymentCounts = { general: number; linked: number; open: number };

/** A SINPE intent and what the transfer generator needs to produce its transfer. */
export type SinpeIntent = { intent: SandboxPaymentIntent; profile: Profile; createdMs: number; paidMs: number; note: string };

export type Payments = { intents: SandboxPaymentIntent[]; refunds: Refund[]; linked: SinpeIntent[]; open: SinpeIntent[] };

// card: paid by card; decoy: a SINPE intent nobody paid (same customers, other amounts: reconciliation must not pick it).
type Role = "card" | "decoy" | "linked" | "open";
type Slot = { atMs: number; status: PaymentIntentStatus; role: Role; profile: Profile | null };

const CARD_STATUSES: Weighted<PaymentIntentStatus> = [
  ["succeeded", 76], ["refunded", 3], ["requires_payment_method", 9], ["canceled", 5], ["processing", 2],
  ["requires_action", 2], ["requires_capture", 1.5], ["requires_confirmation", 1.5],
];
const DECOY_STATUSES: Weighted<PaymentIntentStatus> = [["requires_payment_method", 45], ["processing", 25], ["canceled", 30]];
const DECOY_SHARE = 0.06;
const GUEST_SHARE = 0.08;
const PARTIAL_REFUND_SHARE = 0.03;

/** How far back an intent in this state can be, and how old it must be at least: pending states do not last long. */
function timeWindow(role: Role, status: PaymentIntentStatus): readonly [days: number, minAgeMs: number] {
  if (role === "linked") return [180, HOUR];
  if (role === "open") return [20, 15 * MINUTE];
  if (role === "decoy") return status === "canceled" ? [180, DAY] : [status === "processing" ? 5 : 10, 0];
  switch (status) {
    case "refunded": return [180, DAY];
    case "canceled": return [180, HOUR];
    case "processing": return [2, 0];
    case "requires_capture": return [6, 0];
    case "requires_action":
    case "requires_confirmation": return [1, 0];
    default: return [180, 5 * MINUTE];
  }
}

function placeSlot(ctx: ModeContext, rng: Rng, customers: Customers, role: Role, status: PaymentIntentStatus): Slot | null {
  const [days, minAgeMs] = timeWindow(role, status);
  const latest = ctx.nowMs - minAgeMs;
  const needsPhone = role !== "card";
  const guest = { atMs: waking(rng, ctx.nowMs - days * DAY, latest), status, role, profile: null };
  if (role === "card" && rng.chance(GUEST_SHARE)) return guest;
  for (let tries = 0; tries < 50; tries++) {
    const profile = customers.pick(rng);
    if (!profile) break;
    const earliest = Math.max(ctx.nowMs - days * DAY, profile.createdMs + MINUTE);
    if ((needsPhone && !profile.phoneDigits) || earliest > latest) continue;
    return { atMs: waking(rng, earliest, latest), status, role, profile };
  }
  // Only a tiny dataset gets here (no customer old enough, or none with a phone): a guest pays by card, SINPE is left out.
  return role === "card" ? guest : null;
}

function planSlots(ctx: ModeContext, rng: Rng, customers: Customers, counts: PaymentCounts): Slot[] {
  const decoys = Math.round(counts.general * DECOY_SHARE);
  const plans: [Role, PaymentIntentStatus[]][] = [
    ["card", rng.deal(counts.general - decoys, CARD_STATUSES)],
    ["decoy", rng.deal(decoys, DECOY_STATUSES)],
    ["linked", Array.from({ length: counts.linked }, () => "succeeded")],
    ["open", Array.from({ length: counts.open }, () => "requires_payment_method")],
  ];
  const slots: Slot[] = [];
  for (const [role, statuses] of plans) {
    for (const status of statuses) {
      const slot = placeSlot(ctx, rng, customers, role, status);
      if (slot) slots.push(slot);
    }
  }
  // Built in time order so order numbers grow with time, as a shop's do.
  return slots.sort((a, b) => a.atMs - b.atMs);
}

function paymentMethodOf(ctx: ModeContext, rng: Rng, { atMs, status, role, profile }: Slot): string | null {
  if (!profile) return null;
  if (role !== "card") return sinpeMethodFor(ctx, rng, profile, atMs);
  // A declined card is detached from its intent; every other card intent keeps the customer's saved card.
  return status === "requires_payment_method" ? null : cardFor(ctx, rng, profile, atMs);
}

export function generatePayments(ctx: ModeContext, customers: Customers, catalog: Catalog, counts: PaymentCounts): Payments {
  const rng = ctx.stream("payments");
  const result: Payments = { intents: [], refunds: [], linked: [], open: [] };
  let lastOrder = 10_000 + rng.int(0, 400);
  const nextOrder = () => (lastOrder += rng.int(1, 3));
  for (const { atMs, status, role, profile } of planSlots(ctx, rng, customers, counts)) {
    const method = role === "card" ? "card" : "mobile_transfer";
    const purchase = profile && method === "mobile_transfer"
      ? sinpePurchase(rng, catalog, nextOrder, profile, atMs)
      : cardPurchase(rng, catalog, nextOrder);
    const paymentMethodId = paymentMethodOf(ctx, rng, { atMs, status, role, profile });
    const outcome = outcomeOf(rng, status, method, atMs, ctx.nowMs);
    const { amount, currency, description, metadata, note } = purchase;
    const intent = buildIntent(ctx, rng, {
      status, amount, currency, description, metadata, profile, paymentMethodId, paymentMethodType: method, createdMs: atMs, ...outcome,
    });
    result.intents.push(intent);
    if (role === "card" && (status === "refunded" || (status === "succeeded" && atMs < ctx.nowMs - DAY && rng.chance(PARTIAL_REFUND_SHARE)))) {
      result.refunds.push(...refundIntent(ctx, rng, intent, outcome.updatedMs, status === "refunded"));
    }
    if (profile && (role === "linked" || role === "open")) {
      result[role].push({ intent, profile, createdMs: atMs, paidMs: outcome.updatedMs, note });
    }
  }
  return result;
}
