import type { ModeData, SandboxPaymentIntent, SeedFixtures } from "@/sandbox/model";
import type { ModeContext } from "./context";
import type { Customers, Profile } from "./customers";
import { cardRecord } from "./methods";
import type { Rng } from "./random";
import { CR_OFFSET_MS, DAY, HOUR, iso } from "./time";

// Cards age: some saved cards have expired since they were last used, and a few customers are picked (or given cards)
// so that every case a customer page distinguishes exists — no card, one card, an expired card beside a good one,
// one that runs out this month. A stream of its own, so none of this reshuffles the rest of the seed.

type Method = ModeData["paymentMethods"][number];
type MonthIndex = number;

/** Months since year 0 (UTC), so that "the month after" is + 1 across a year's end. */
const monthOf = (ms: number): MonthIndex => {
  const date = new Date(ms);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
};
/**
 * The month `ms` falls in in Costa Rica, where the app judges a card (lib/payments/card-expiry). By UTC's month, a seed
 * made on the evening of a month's last day there (the 1st from 00:00 to 06:00 UTC) aged cards into the month still
 * running, and its "expired" fixture card read "expires this month". The months a card was saved or last used stay
 * UTC's, as they were: never earlier than Costa Rica's, so a card still never expires before its last payment's month.
 */
const crMonthOf = (ms: number): MonthIndex => monthOf(ms + CR_OFFSET_MS);
const expiryOf = (month: MonthIndex) => ({ expYear: Math.floor(month / 12), expMonth: (month % 12) + 1 });
const startOf = (month: MonthIndex) => Date.UTC(Math.floor(month / 12), month % 12, 1);

/** Share of cards, last used before this month, that have expired since. */
const EXPIRED_SHARE = 0.2;

export function settleWallets(ctx: ModeContext, customers: Customers, methods: Method[], intents: readonly SandboxPaymentIntent[]): Pick<SeedFixtures, "customers" | "expiringCard"> {
  const rng = ctx.stream("wallets");
  const nowMonth = crMonthOf(ctx.nowMs);
  ageCards(rng, methods, intents, nowMonth);

  const owned = new Map<string, Method[]>();
  for (const method of methods) owned.set(method.customerId, [...(owned.get(method.customerId) ?? []), method]);
  const complete = (profile: Profile) => !!(profile.record.name && profile.record.phone && profile.record.email);
  // Old enough that a card saved at sign-up has had a month to expire in; those with an address first (a billing
  // address to show), then the rest, for the small scales that have few customers who never paid.
  const empty = customers.profiles
    .filter((p) => complete(p) && !owned.has(p.record.id) && p.createdMs < ctx.nowMs - 60 * DAY)
    .sort((a, b) => Number(!a.record.address) - Number(!b.record.address));
  const oneCard = customers.profiles.find((p) => {
    const cards = owned.get(p.record.id) ?? [];
    return complete(p) && cards.length === 1 && cards[0]!.type === "card" && cardMonth(cards[0]!) > nowMonth;
  });

  const [noCards, twoCards, severalCards] = empty;
  const card = (profile: Profile, createdMs: number, month: MonthIndex) => {
    const record = cardRecord(ctx, rng, profile, expiryOf(month));
    record.createdAt = iso(createdMs);
    methods.push(record);
    return record;
  };
  // A card saved at sign-up that expired some months ago, then its replacement, saved the month it expired.
  const expiredThenReplaced = (profile: Profile) => {
    const savedMs = profile.createdMs + rng.int(1, 5) * DAY + rng.int(8, 20) * HOUR;
    const expired = rng.int(monthOf(savedMs), nowMonth - 1);
    card(profile, savedMs, expired);
    const replacedMs = Math.min(ctx.nowMs, Math.max(savedMs, startOf(expired)) + rng.int(2, 20) * DAY);
    card(profile, replacedMs, nowMonth + rng.int(8, 48));
    return savedMs;
  };
  let expiringCard: string | null = null;
  if (twoCards) expiredThenReplaced(twoCards);
  if (severalCards) {
    const savedMs = expiredThenReplaced(severalCards);
    // The company card, added later, runs out this month (the sandbox moves it to its clock's month when it starts).
    expiringCard = card(severalCards, Math.min(ctx.nowMs, savedMs + rng.int(10, 40) * DAY), nowMonth).id;
  }
  return {
    customers: {
      noCards: noCards?.record.id ?? null,
      oneCard: oneCard?.record.id ?? null,
      twoCardsOneExpired: twoCards?.record.id ?? null,
      severalCards: severalCards?.record.id ?? null,
    },
    expiringCard,
  };
}

const cardMonth = (method: Method): MonthIndex => (method.card ? method.card.expYear * 12 + method.card.expMonth - 1 : Infinity);

/**
 * Moves the expiry of some cards into the past: never before the month the card was last used (or saved), so no
 * payment was ever made with an expired card.
 */
function ageCards(rng: Rng, methods: Method[], intents: readonly SandboxPaymentIntent[], nowMonth: MonthIndex): void {
  const lastUse = new Map<string, string>();
  for (const intent of intents) {
    if (!intent.paymentMethodId) continue;
    const seen = lastUse.get(intent.paymentMethodId);
    if (!seen || intent.createdAt > seen) lastUse.set(intent.paymentMethodId, intent.createdAt);
  }
  for (const method of methods) {
    if (!method.card) continue;
    const usedUntil = Math.max(Date.parse(method.createdAt ?? ""), Date.parse(lastUse.get(method.id) ?? "") || 0);
    const floor = monthOf(usedUntil);
    if (!(floor < nowMonth) || !rng.chance(EXPIRED_SHARE)) continue;
    method.card = { ...method.card, ...expiryOf(rng.int(floor, nowMonth - 1)) };
  }
}
