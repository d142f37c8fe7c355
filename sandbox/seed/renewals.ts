import type { PaymentIntentStatus, RenewalStatus } from "@/lib/payments/schemas";
import type { SandboxPaymentIntent, SandboxRenewal } from "@/sandbox/model";
import type { ModeContext } from "./context";
import type { Profile } from "./customers";
import { cardDecline } from "./declines";
import { buildIntent } from "./intents";
import { cardFor } from "./methods";
import type { Rng } from "./random";
import { MAX_ATTEMPTS, attemptMs, type Timeline } from "./timeline";
import { HOUR, MINUTE, SECOND, crMonthLabel, iso } from "./time";

export type RenewalInput = {
  subscriptionId: string;
  profile: Profile;
  currency: string;
  total: number;
  description: string;
  timeline: Timeline;
  /** Whether a failed newest renewal is retried (an incomplete first payment is not). */
  retrying: boolean;
};

const INTENT_STATUS: Record<RenewalStatus, PaymentIntentStatus> = {
  draft: "requires_confirmation",
  open: "requires_payment_method",
  uncollectible: "requires_payment_method",
  paid: "succeeded",
  void: "canceled",
};

/** Attempts a paid renewal took: nearly always one; some recovered after failing, never with attempts still to come. */
function paidAttempts(rng: Rng, periodStartMs: number, nowMs: number): number {
  let attempts = rng.chance(0.9) ? 1 : rng.int(2, MAX_ATTEMPTS);
  while (attempts > 1 && attemptMs(periodStartMs, attempts) + HOUR > nowMs) attempts--;
  return attempts;
}

/** One renewal per billing period, each with the intent that charged it (none yet for a draft). */
export function buildRenewals(ctx: ModeContext, rng: Rng, input: RenewalInput): { renewals: SandboxRenewal[]; intents: SandboxPaymentIntent[] } {
  const { timeline, profile } = input;
  const renewals: SandboxRenewal[] = [];
  const intents: SandboxPaymentIntent[] = [];
  timeline.starts.forEach((startMs, index) => {
    const isNewest = index === timeline.starts.length - 1;
    const status: RenewalStatus = isNewest ? timeline.newest.status : "paid";
    const attempts = status === "paid" ? paidAttempts(rng, startMs, ctx.nowMs) : timeline.newest.attempts;
    const lastAttemptMs = status === "draft" ? null : Math.min(ctx.nowMs, attemptMs(startMs, attempts) + rng.int(1, 10) * MINUTE);
    // A draft is finalized and charged an hour after it is created.
    const nextAttemptMs = status === "draft" ? startMs + HOUR : status === "open" && input.retrying ? attemptMs(startMs, attempts + 1) : null;
    const id = rng.id("inv");
    const description = `${input.description} · ${crMonthLabel(startMs)}`;
    let paymentIntentId: string | null = null;
    if (status !== "draft") {
      const createdMs = startMs + rng.int(1, 30) * SECOND;
      const closedMs = status === "void" ? Math.min(ctx.nowMs, timeline.canceledMs ?? startMs + 23 * HOUR) : (lastAttemptMs ?? createdMs);
      const intent = buildIntent(ctx, rng, {
        status: INTENT_STATUS[status],
        amount: input.total,
        currency: input.currency,
        description,
        profile,
        paymentMethodId: cardFor(ctx, rng, profile, startMs),
        paymentMethodType: "card",
        createdMs,
        updatedMs: Math.max(createdMs, closedMs),
        confirmationAttempts: attempts,
        metadata: { subscriptionId: input.subscriptionId, renewalId: id },
        lastPaymentError: status === "paid" && attempts === 1 ? null : cardDecline(rng),
      });
      intents.push(intent);
      paymentIntentId = intent.id;
    }
    renewals.push({
      id,
      mode: ctx.mode,
      status,
      currency: input.currency,
      total: input.total,
      description,
      periodStart: iso(startMs),
      periodEnd: iso(timeline.starts[index + 1] ?? timeline.endMs),
      subscriptionId: input.subscriptionId,
      paymentIntentId,
      customerId: profile.record.id,
      attemptCount: attempts,
      nextPaymentAttempt: nextAttemptMs === null ? null : iso(nextAttemptMs),
      lastPaymentAttempt: lastAttemptMs === null ? null : iso(lastAttemptMs),
      createdAt: iso(startMs),
    });
  });
  return { renewals, intents };
}
