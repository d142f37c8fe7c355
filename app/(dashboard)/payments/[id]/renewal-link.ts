import type { RenewalEvent } from "@/db/queries/renewal-links";
import type { PaymentIntent, Renewal, RenewalStatus } from "@/lib/payments/schemas";

// The renewal (invoice) a payment charged, from either source, in one shape for the page.

export type LinkedRenewal = {
  subscriptionId: string;
  /** Only the service's record has it: renewal events carry no renewal id. */
  renewalId: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  /** What this payment was to the renewal. */
  outcome: { kind: "paid" } | { kind: "failed_attempt"; attempt: number | null } | { kind: "status"; status: RenewalStatus };
};

const validTime = (value: string | null) => (value && !Number.isNaN(Date.parse(value)) ? value : null);
const attempt = (value: string | number | null | undefined) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
};

export function fromRenewalEvent(event: RenewalEvent): LinkedRenewal {
  return {
    subscriptionId: event.subscriptionId!,
    renewalId: null,
    periodStart: validTime(event.periodStart),
    periodEnd: validTime(event.periodEnd),
    outcome: event.type === "subscription.renewal.succeeded" ? { kind: "paid" } : { kind: "failed_attempt", attempt: attempt(event.attemptCount) },
  };
}

/** A renewal names only its latest attempt's intent: paid, that intent paid it; still open or given up, it failed. */
export function fromRenewal(renewal: Renewal): LinkedRenewal {
  const failed = renewal.status === "open" || renewal.status === "uncollectible";
  return {
    subscriptionId: renewal.subscriptionId,
    renewalId: renewal.id,
    periodStart: renewal.periodStart,
    periodEnd: renewal.periodEnd,
    outcome:
      renewal.status === "paid"
        ? { kind: "paid" }
        : failed
          ? { kind: "failed_attempt", attempt: attempt(renewal.attemptCount) }
          : { kind: "status", status: renewal.status },
  };
}

/**
 * Where to ask the service when no renewal event names the intent. Its invoice list filters by subscription, not by
 * intent, so only an intent that says which subscription it belongs to (a subscriptionId in its metadata, as renewal
 * charges carry) costs one list call; any other payment costs nothing.
 */
export function subscriptionHint(intent: PaymentIntent): string | null {
  const id = intent.metadata?.subscriptionId?.trim();
  return id ? id : null;
}

/** The renewal of a list page that this intent charged, if it is there. */
export function renewalOfIntent(renewals: Renewal[], intentId: string): LinkedRenewal | null {
  const renewal = renewals.find((candidate) => candidate.paymentIntentId === intentId);
  return renewal ? fromRenewal(renewal) : null;
}
