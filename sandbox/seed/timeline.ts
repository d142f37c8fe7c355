import type { RenewalStatus, SubscriptionStatus } from "@/lib/payments/schemas";
import type { Rng, Weighted } from "./random";
import { DAY, HOUR, MINUTE, addMonths } from "./time";

/** A subscription's story, finer than its status: it decides the newest renewal and when things happened. */
export type SubscriptionKind =
  | "active" | "active_draft" | "past_due" | "unpaid" | "canceled_end" | "canceled_dunning" | "canceled_void"
  | "trialing" | "incomplete" | "incomplete_expired";

export const SUBSCRIPTION_KINDS: Weighted<SubscriptionKind> = [
  ["active", 66], ["active_draft", 3], ["past_due", 7], ["unpaid", 4], ["canceled_end", 6], ["canceled_dunning", 3],
  ["canceled_void", 2], ["trialing", 4], ["incomplete", 2], ["incomplete_expired", 3],
];

export function statusOf(kind: SubscriptionKind): SubscriptionStatus {
  if (kind === "active_draft") return "active";
  return kind.startsWith("canceled") ? "canceled" : kind;
}

/** Days after the period start of attempt 1, 2, 3 and 4; after a failed 4th attempt the renewal is uncollectible. */
export const ATTEMPT_DAYS = [0, 3, 6, 9] as const;
export const MAX_ATTEMPTS = ATTEMPT_DAYS.length;

export function attemptMs(periodStartMs: number, attempt: number): number {
  return periodStartMs + (ATTEMPT_DAYS[attempt - 1] ?? 0) * DAY;
}

export type Timeline = {
  /** Start of every billing period so far, oldest first; the last one is the newest renewal's. Empty while trialing. */
  starts: number[];
  /** Period end of the newest renewal (or the trial end). */
  endMs: number;
  newest: { status: RenewalStatus; attempts: number };
  canceledMs: number | null;
};

// Subscriptions reach back about 13 months (before the 180 days of one-off payments): a gym's members renew for a long
// time, and 500 monthly subscriptions could not produce ~3,000 renewals within 180 days.
const HISTORY_DAYS = 395;
// Below 1, favours long histories: most members have been renewing for months.
const HISTORY_SKEW = 0.8;

type NewestWindow = { lo: number; hi: number; minPeriods: number; status: RenewalStatus; attempts: number };

function newestWindow(rng: Rng, kind: SubscriptionKind, months: number, nowMs: number): NewestWindow {
  const earliest = nowMs - HISTORY_DAYS * DAY;
  const failing = rng.int(1, MAX_ATTEMPTS - 1);
  const failingDays = ATTEMPT_DAYS[failing - 1] ?? 0;
  switch (kind) {
    case "active":
      // Within the shortest possible period before now, so the newest period always still runs.
      return { lo: nowMs - (months >= 12 ? 365 : 28 * months) * DAY + HOUR, hi: nowMs - 10 * MINUTE, minPeriods: 1, status: "paid", attempts: 1 };
    case "active_draft":
      return { lo: nowMs - 50 * MINUTE, hi: nowMs - 5 * MINUTE, minPeriods: 2, status: "draft", attempts: 0 };
    case "past_due":
      return { lo: nowMs - (ATTEMPT_DAYS[failing] ?? 0) * DAY + HOUR, hi: nowMs - failingDays * DAY - HOUR, minPeriods: 2, status: "open", attempts: failing };
    case "unpaid":
      return { lo: nowMs - 27 * DAY, hi: nowMs - 9 * DAY - 2 * HOUR, minPeriods: 2, status: "uncollectible", attempts: MAX_ATTEMPTS };
    case "canceled_end":
      return { lo: earliest, hi: addMonths(nowMs, -months) - HOUR, minPeriods: 1, status: "paid", attempts: 1 };
    case "canceled_dunning":
      return { lo: earliest, hi: nowMs - 10 * DAY, minPeriods: 1, status: "uncollectible", attempts: MAX_ATTEMPTS };
    case "canceled_void":
      return { lo: earliest, hi: nowMs - failingDays * DAY - 2 * DAY, minPeriods: 1, status: "void", attempts: failing };
    case "incomplete":
      return { lo: nowMs - 23 * HOUR, hi: nowMs - 10 * MINUTE, minPeriods: 1, status: "open", attempts: 1 };
    case "incomplete_expired":
      return { lo: nowMs - 120 * DAY, hi: nowMs - 25 * HOUR, minPeriods: 1, status: "void", attempts: 1 };
    case "trialing":
      return { lo: nowMs - 13 * DAY, hi: nowMs - HOUR, minPeriods: 0, status: "draft", attempts: 0 };
  }
}

/**
 * Billing periods of a subscription of this kind; `history` in [0, 1) is how much of the possible past it covers.
 * Every start is counted from the newest one, the way a billing anchor works: a subscription billed on the 31st renews
 * on 28/29 February and on 31 March again, with no drift.
 */
export function planTimeline(rng: Rng, kind: SubscriptionKind, months: number, nowMs: number, history: number): Timeline {
  const window = newestWindow(rng, kind, months, nowMs);
  const newestMs = window.lo + Math.floor(rng.next() * (window.hi - window.lo));
  if (kind === "trialing") return { starts: [], endMs: newestMs + 14 * DAY, newest: window, canceledMs: null };
  const earliest = nowMs - HISTORY_DAYS * DAY;
  let maxPeriods = 1;
  while (addMonths(newestMs, -maxPeriods * months) >= earliest) maxPeriods++;
  const spread = Math.max(0, maxPeriods - window.minPeriods);
  const periods = kind.startsWith("incomplete") ? 1 : window.minPeriods + Math.floor(Math.pow(history, HISTORY_SKEW) * (spread + 1));
  const starts = Array.from({ length: periods }, (_, index) => addMonths(newestMs, (index - periods + 1) * months));
  const endMs = addMonths(newestMs, months);
  return { starts, endMs, newest: window, canceledMs: canceledAt(rng, kind, newestMs, endMs, window.attempts, nowMs) };
}

function canceledAt(rng: Rng, kind: SubscriptionKind, newestMs: number, endMs: number, attempts: number, nowMs: number): number | null {
  if (kind === "canceled_end") return endMs;
  if (kind === "canceled_dunning") return attemptMs(newestMs, MAX_ATTEMPTS) + rng.int(1, 120) * MINUTE;
  if (kind === "canceled_void") return Math.min(nowMs, attemptMs(newestMs, attempts) + rng.int(1, 48) * HOUR);
  return null;
}
