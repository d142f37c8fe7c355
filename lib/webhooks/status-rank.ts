// Where a payment intent status stands in its life, for "status only moves forward". Terminal states are never left
// for a non-terminal one, whatever arrives late; refunded comes after succeeded.

export const STATUS_RANK: Record<string, number> = {
  requires_payment_method: 1,
  requires_confirmation: 1,
  requires_action: 2,
  processing: 3,
  requires_capture: 4,
  succeeded: 10,
  canceled: 10,
  refunded: 11,
};

export const TERMINAL_RANK = 10;

export function statusRank(status: string): number {
  return STATUS_RANK[status] ?? 0;
}
