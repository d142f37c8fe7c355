import type { Tone } from "@/components/detail/status-badge";
import type { MobileTransferStatus } from "@/lib/payments/schemas";

// How a transfer's status looks wherever it is shown. Labels are the catalogs' transfer.status.*.
export const TRANSFER_STATUS_TONES = {
  pending: "info",
  received: "success",
  attempt_not_found: "warning",
  charge_not_found: "warning",
  expired: "neutral",
  canceled: "neutral",
} as const satisfies Record<MobileTransferStatus, Tone>;
