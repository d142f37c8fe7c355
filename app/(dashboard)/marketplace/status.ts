import type { Tone } from "@/components/detail/status-badge";
import type { CONNECTED_ACCOUNT_STATUSES } from "@/lib/payments/schemas";

// How a connected account's status looks. Labels are the catalogs' accountsList.status.*; a status the service adds
// later is shown as sent (StatusBadge), never hidden.
export const ACCOUNT_STATUS_TONES = {
  pending_onboarding: "warning",
  awaiting_approval: "info",
  active: "success",
  inactive: "neutral",
  temporally_suspended: "warning",
  permanently_suspended: "danger",
  deleted: "neutral",
} as const satisfies Record<(typeof CONNECTED_ACCOUNT_STATUSES)[number], Tone>;
