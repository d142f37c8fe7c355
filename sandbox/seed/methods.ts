import type { PaymentMethod } from "@/lib/payments/schemas";
import type { ModeData } from "@/sandbox/model";
import type { ModeContext } from "./context";
import type { Customers, Profile } from "./customers";
import type { Rng } from "./random";
import { MINUTE, iso } from "./time";

/** A saved payment method and when it was saved (settled only once every intent that uses it is known). */
export type MethodHandle = { record: PaymentMethod & { customerId: string }; createdMs: number };

/**
 * The card a customer pays with at `atMs`, saved on first use. A card first used earlier than it was thought to be
 * saved moves back in time, so no intent ever refers to a card that did not exist yet.
 */
export function cardFor(ctx: ModeContext, rng: Rng, profile: Profile, atMs: number): string {
  const usable = profile.cards.filter((card) => card.createdMs <= atMs);
  if (usable.length > 0) return rng.pick(usable).record.id;
  const first = profile.cards[0];
  if (first) {
    first.createdMs = Math.max(profile.createdMs, atMs - rng.int(1, 30) * MINUTE);
    return first.record.id;
  }
  const card = newCard(ctx, rng, profile, Math.max(profile.createdMs, atMs - rng.int(1, 30) * MINUTE));
  profile.cards.push(card);
  // Some customers later add a second card (a new bank, a company card).
  if (rng.chance(0.12)) {
    profile.cards.push(newCard(ctx, rng, profile, atMs + Math.floor(rng.next() * (ctx.nowMs - atMs))));
  }
  return card.record.id;
}

/**
 * The customer's SINPE Móvil payment method, saved on first use like a card: a deferred SINPE intent names "a payment
 * method of the same customer", and the sandbox's scenarios save one the same way.
 */
export function sinpeMethodFor(ctx: ModeContext, rng: Rng, profile: Profile, atMs: number): string {
  const createdMs = Math.max(profile.createdMs, atMs - rng.int(1, 30) * MINUTE);
  if (profile.sinpe) {
    profile.sinpe.createdMs = Math.min(profile.sinpe.createdMs, createdMs);
    return profile.sinpe.record.id;
  }
  const { name, phone, address } = profile.record;
  const record = { id: rng.id("pm"), mode: ctx.mode, customerId: profile.record.id, type: "mobile_transfer", billing: { name, phone, address: address ?? null }, createdAt: "" };
  profile.sinpe = { record, createdMs };
  return record.id;
}

function newCard(ctx: ModeContext, rng: Rng, profile: Profile, createdMs: number): MethodHandle {
  const now = new Date(ctx.nowMs);
  let expYear = now.getUTCFullYear() + rng.int(0, 5);
  const expMonth = rng.int(1, 12);
  if (expYear === now.getUTCFullYear() && expMonth <= now.getUTCMonth() + 1) expYear += 1;
  return { createdMs, record: cardRecord(ctx, rng, profile, { expMonth, expYear }) };
}

/** A saved card of the customer's, billed to their name, phone and address (createdAt is set by the caller). */
export function cardRecord(ctx: ModeContext, rng: Rng, profile: Profile, expiry: { expMonth: number; expYear: number }): MethodHandle["record"] {
  const { name, phone, address } = profile.record;
  return {
    id: rng.id("pm"),
    mode: ctx.mode,
    customerId: profile.record.id,
    type: "card",
    billing: { name, phone, address: address ?? null },
    card: { brand: rng.chance(0.62) ? "visa" : "mastercard", expMonth: expiry.expMonth, expYear: expiry.expYear, last4: rng.digits(4) },
    createdAt: "",
  };
}

/** The saved payment methods of the mode, with their final creation times. */
export function listPaymentMethods(customers: Customers): ModeData["paymentMethods"] {
  const methods: ModeData["paymentMethods"] = [];
  for (const profile of customers.profiles) {
    for (const method of profile.sinpe ? [...profile.cards, profile.sinpe] : profile.cards) {
      method.record.createdAt = iso(method.createdMs);
      methods.push(method.record);
    }
  }
  return methods;
}
