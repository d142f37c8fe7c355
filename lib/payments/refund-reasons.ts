// The reasons the service takes for a refund. The spec lists none; these are the ones DESIGN.md names and the sandbox
// enforces. A module of its own, with no imports, so the refund form (a client component) can offer them.
export const REFUND_REASONS = ["requested_by_customer", "duplicate", "fraudulent"] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** The audit actions a refund leaves: sent and created, refused by the service, or sent with no clear answer. */
export const REFUND_ACTIONS = { created: "refund.create", refused: "refund.refused", unconfirmed: "refund.unconfirmed" } as const;

/** The service refuses a longer description. */
export const REFUND_DESCRIPTION_MAX = 500;
