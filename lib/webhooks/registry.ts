import "server-only";
import type { PaymentEventType } from "@/lib/payments/schemas";
import { checkoutSessionSucceeded } from "./handlers/checkout-session-succeeded";
import { mobileTransferReceived } from "./handlers/mobile-transfer-received";
import { paymentIntentDeferred } from "./handlers/payment-intent-deferred";
import { paymentIntentFailed } from "./handlers/payment-intent-failed";
import { paymentIntentSucceeded } from "./handlers/payment-intent-succeeded";
import { subscriptionRenewalFailed } from "./handlers/subscription-renewal-failed";
import { subscriptionRenewalSucceeded } from "./handlers/subscription-renewal-succeeded";
import type { WebhookHandler } from "./types";

/** The allow-list: an event type without a handler here is stored as unrecognized and never projected. */
export type Handlers = { [T in PaymentEventType]: WebhookHandler<T> };

export const HANDLERS: Handlers = {
  "payment-intent.succeeded": paymentIntentSucceeded,
  "payment-intent.deferred": paymentIntentDeferred,
  "payment-intent.failed": paymentIntentFailed,
  "subscription.renewal.succeeded": subscriptionRenewalSucceeded,
  "subscription.renewal.failed": subscriptionRenewalFailed,
  "checkout-session.succeeded": checkoutSessionSucceeded,
  "mobile-transfer.received": mobileTransferReceived,
};
