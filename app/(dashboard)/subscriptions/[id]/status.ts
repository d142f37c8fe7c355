import type { Tone } from "@/components/detail/status-badge";
import type { RenewalStatus } from "@/lib/payments/schemas";

// How subscription and renewal statuses look wherever they are shown (this page, a customer's subscriptions). Labels
// are the catalogs' subscription.status.* and subscription.renewalStatus.*.

export const SUBSCRIPTION_STATUS_TONES = {
  active: "success",
  trialing: "info",
  past_due: "warning",
  unpaid: "danger",
  incomplete: "warning",
  incomplete_expired: "neutral",
  canceled: "neutral",
} as const satisfies Record<string, Tone>;

export const RENEWAL_STATUS_TONES = {
  draft: "neutral",
  open: "warning",
  paid: "success",
  void: "neutral",
  uncollectible: "danger",
} as const satisfies Record<RenewalStatus, Tone>;
