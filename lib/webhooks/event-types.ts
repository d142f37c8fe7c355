// The event types this app handles, as a plain list the browser may load (the events console's type filter offers
// them). The registry (server-only: zod and SQL) fails `tsc` if its definitions and this list ever differ, so adding a
// type is its handler file, its line in the registry and here, and its name in both catalogs.
export const EVENT_TYPES = [
  "payment-intent.succeeded",
  "payment-intent.deferred",
  "payment-intent.failed",
  "subscription.renewal.succeeded",
  "subscription.renewal.failed",
  "checkout-session.succeeded",
  "mobile-transfer.received",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];
