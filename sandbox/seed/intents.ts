import type { PaymentIntentStatus } from "@/lib/payments/schemas";
import type { SandboxPaymentIntent } from "@/sandbox/model";
import type { ModeContext } from "./context";
import type { Profile } from "./customers";
import { cardDecline, type PaymentError } from "./declines";
import { usdCents } from "./money";
import type { Rng } from "./random";
import { DAY, HOUR, MINUTE, SECOND, after, iso } from "./time";

export type IntentSpec = {
  status: PaymentIntentStatus;
  amount: number;
  currency: string;
  description: string;
  profile: Profile | null;
  paymentMethodId: string | null;
  paymentMethodType: "card" | "mobile_transfer";
  createdMs: number;
  updatedMs: number;
  confirmationAttempts: number;
  metadata: Record<string, string>;
  lastPaymentError: PaymentError | null;
};

/** Every intent is built here, so all have the same fields in the same order (one hidden class, predictable JSON). */
export function buildIntent(ctx: ModeContext, rng: Rng, spec: IntentSpec): SandboxPaymentIntent {
  const createdAt = iso(spec.createdMs);
  return {
    id: rng.id("pi"),
    mode: ctx.mode,
    status: spec.status,
    amount: spec.amount,
    currency: spec.currency,
    baseAmount: usdCents(spec.amount, spec.currency),
    description: spec.description,
    customerId: spec.profile?.record.id ?? null,
    customer: spec.profile?.embedded ?? null,
    paymentMethodId: spec.paymentMethodId,
    paymentMethodType: spec.paymentMethodType,
    accountId: ctx.accountId,
    confirmationAttempts: spec.confirmationAttempts,
    metadata: spec.metadata,
    lastPaymentError: spec.lastPaymentError,
    amountRefunded: 0,
    createdAt,
    updatedAt: spec.updatedMs === spec.createdMs ? createdAt : iso(spec.updatedMs),
  };
}

export type Outcome = Pick<IntentSpec, "confirmationAttempts" | "lastPaymentError" | "updatedMs">;

/** What happened to a one-off intent after it was created, as its status tells it. */
export function outcomeOf(rng: Rng, status: PaymentIntentStatus, method: "card" | "mobile_transfer", createdMs: number, nowMs: number): Outcome {
  const soon = (maxMs: number) => after(rng, createdMs, 2 * SECOND, maxMs, nowMs);
  if (method === "mobile_transfer") {
    // A SINPE intent waits for the transfer; nothing is attempted until the money arrives or the intent expires.
    if (status === "canceled") return { confirmationAttempts: 0, lastPaymentError: null, updatedMs: after(rng, createdMs, DAY, 3 * DAY, nowMs) };
    // Paid a minute or more after creation, so the transfer's authorization never predates the intent.
    if (status === "succeeded") return { confirmationAttempts: 1, lastPaymentError: null, updatedMs: after(rng, createdMs, MINUTE, 45 * MINUTE, nowMs) };
    return { confirmationAttempts: 0, lastPaymentError: null, updatedMs: createdMs };
  }
  switch (status) {
    case "succeeded":
    case "refunded": {
      // Most cards pass first time; some pass after a decline, and the intent keeps that last error.
      const retried = rng.chance(0.1);
      return retried
        ? { confirmationAttempts: rng.int(2, 3), lastPaymentError: cardDecline(rng), updatedMs: soon(20 * MINUTE) }
        : { confirmationAttempts: 1, lastPaymentError: null, updatedMs: soon(2 * MINUTE) };
    }
    case "requires_payment_method":
      return rng.chance(0.8)
        ? { confirmationAttempts: rng.int(1, 3), lastPaymentError: cardDecline(rng), updatedMs: soon(10 * MINUTE) }
        : { confirmationAttempts: 0, lastPaymentError: null, updatedMs: createdMs };
    case "canceled":
      return rng.chance(0.3)
        ? { confirmationAttempts: rng.int(1, 2), lastPaymentError: cardDecline(rng), updatedMs: after(rng, createdMs, HOUR, 3 * DAY, nowMs) }
        : { confirmationAttempts: 0, lastPaymentError: null, updatedMs: after(rng, createdMs, HOUR, 3 * DAY, nowMs) };
    case "requires_confirmation":
      return { confirmationAttempts: 0, lastPaymentError: null, updatedMs: createdMs };
    default:
      // processing, requires_action (3-D Secure pending), requires_capture (authorized, not yet captured).
      return { confirmationAttempts: 1, lastPaymentError: null, updatedMs: soon(30 * SECOND) };
  }
}
