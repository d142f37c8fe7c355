import type { SandboxPaymentIntent, SandboxRenewal, SandboxSubscription } from "@/sandbox/model";
import { addOnFor, type Catalog, type CatalogPrice } from "./catalog";
import type { ModeContext } from "./context";
import type { Customers, Profile } from "./customers";
import { cardFor } from "./methods";
import type { Rng } from "./random";
import { buildRenewals } from "./renewals";
import { DAY, HOUR, iso } from "./time";
import { SUBSCRIPTION_KINDS, planTimeline, statusOf, type SubscriptionKind, type Timeline } from "./timeline";

export type Subscriptions = { subscriptions: SandboxSubscription[]; renewals: SandboxRenewal[]; intents: SandboxPaymentIntent[] };

const SEDES = ["Escazú", "Heredia", "Curridabat"] as const;

/** A subscriber who had signed up before the subscription started, preferably one without another subscription. */
function subscriber(rng: Rng, customers: Customers, startMs: number, taken: Set<Profile>): Profile | null {
  let fallback: Profile | null = null;
  for (let tries = 0; tries < 40; tries++) {
    const profile = customers.pick(rng);
    if (!profile) return null;
    if (profile.createdMs > startMs - HOUR) continue;
    if (!taken.has(profile)) return profile;
    fallback ??= profile;
  }
  return fallback ?? customers.profiles.find((profile) => profile.createdMs <= startMs - HOUR) ?? null;
}

function items(catalog: Catalog, main: CatalogPrice, withAddOn: boolean): SandboxSubscription["items"] {
  const addOn = withAddOn ? addOnFor(catalog, main) : undefined;
  return (addOn ? [main, addOn] : [main]).map((price) => ({
    priceId: price.record.id,
    productId: price.productId,
    description: price.productName,
    quantity: 1,
    unitAmount: price.unitAmount,
    currency: price.currency,
  }));
}

function latestMs(timeline: Timeline, renewals: readonly SandboxRenewal[], startMs: number): number {
  let latest = Math.max(startMs, timeline.canceledMs ?? 0);
  for (const renewal of renewals) {
    const touched = renewal.lastPaymentAttempt ?? renewal.createdAt;
    if (Date.parse(touched) > latest) latest = Date.parse(touched);
  }
  return latest;
}

export function generateSubscriptions(ctx: ModeContext, customers: Customers, catalog: Catalog, count: number): Subscriptions {
  const rng = ctx.stream("subscriptions");
  const result: Subscriptions = { subscriptions: [], renewals: [], intents: [] };
  const taken = new Set<Profile>();
  const kinds = rng.deal<SubscriptionKind>(count, SUBSCRIPTION_KINDS);
  const mains = rng.deal(count, catalog.recurring.map((price) => [price, price.weight] as const));
  const histories = rng.spread(count);
  for (let index = 0; index < count; index++) {
    const [kind, main, history] = [kinds[index], mains[index], histories[index]];
    if (kind === undefined || main === undefined || history === undefined) break;
    const months = main.interval === "year" ? 12 : 1;
    const timeline = planTimeline(rng, kind, months, ctx.nowMs, history);
    const startMs = timeline.starts[0] ?? timeline.endMs - 14 * DAY;
    const profile = subscriber(rng, customers, startMs, taken);
    if (!profile) continue;
    taken.add(profile);
    // A trial starts with a saved card, to be charged when it ends.
    if (kind === "trialing") cardFor(ctx, rng, profile, startMs);
    const subItems = items(catalog, main, rng.chance(0.15));
    const total = subItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
    const id = rng.id("sub");
    const { renewals, intents } = buildRenewals(ctx, rng, {
      subscriptionId: id, profile, currency: main.currency, total, description: main.productName, timeline, retrying: kind === "past_due",
    });
    const currentStartMs = timeline.starts[timeline.starts.length - 1] ?? startMs;
    result.subscriptions.push({
      id,
      mode: ctx.mode,
      status: statusOf(kind),
      customerId: profile.record.id,
      currency: main.currency,
      description: main.productName,
      metadata: main.productName.startsWith("Membresía") ? { sede: rng.pick(SEDES) } : {},
      currentPeriodStart: iso(currentStartMs),
      currentPeriodEnd: iso(timeline.endMs),
      // Some members asked to leave at the end of the period they paid for.
      cancelAtPeriodEnd: kind === "active" && rng.chance(0.06),
      items: subItems,
      canceledAt: timeline.canceledMs === null ? null : iso(timeline.canceledMs),
      createdAt: iso(startMs),
      updatedAt: iso(Math.min(ctx.nowMs, latestMs(timeline, renewals, startMs))),
    });
    result.renewals.push(...renewals);
    result.intents.push(...intents);
  }
  return result;
}
