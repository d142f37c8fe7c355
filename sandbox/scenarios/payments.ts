import { paymentIntentDeferred, paymentIntentFailed, paymentIntentSucceeded } from "../webhooks/events";
import { createIntent, DECLINES, pick, pickCustomer, updateIntent, type Scenario } from "./helpers";

export const paymentScenarios: Scenario[] = [
  {
    name: "payment-succeeded",
    description: "A card payment succeeds (payment-intent.succeeded).",
    run(context) {
      const customer = pickCustomer(context);
      const intent = createIntent(context, { status: "succeeded", paymentMethodType: "card", customer });
      context.webhooks.event(context.mode, paymentIntentSucceeded(intent, customer, intent.createdAt));
      return { summary: `Intent ${intent.id} succeeded`, created: { paymentIntentId: intent.id, customerId: customer.id }, events: ["payment-intent.succeeded"] };
    },
  },
  {
    name: "card-payment-failed",
    description: "A card payment is declined, with decline details (payment-intent.failed).",
    run(context) {
      const customer = pickCustomer(context);
      const decline = pick(DECLINES);
      const intent = createIntent(context, {
        status: "requires_payment_method",
        paymentMethodType: "card",
        customer,
        lastPaymentError: { code: "declined", type: "card_error", message: decline.message, reason: decline.reason, declineCode: decline.declineCode },
      });
      context.webhooks.event(context.mode, paymentIntentFailed(intent, customer, intent.createdAt));
      return { summary: `Intent ${intent.id} declined (${decline.reason})`, created: { paymentIntentId: intent.id }, events: ["payment-intent.failed"] };
    },
  },
  {
    name: "sinpe-payment-deferred-then-succeeded",
    description: "A SINPE payment waits for the transfer (deferred, status processing), then succeeds.",
    run(context) {
      const customer = pickCustomer(context);
      const intent = createIntent(context, { status: "processing", paymentMethodType: "mobile_transfer", customer });
      const deferred = context.webhooks.event(context.mode, paymentIntentDeferred(intent, context.mode));
      const succeeded = updateIntent(context, intent, { status: "succeeded", confirmationAttempts: 1 });
      context.webhooks.event(context.mode, paymentIntentSucceeded(succeeded, customer, context.store.now().toISOString()), { after: deferred });
      return {
        summary: `Intent ${intent.id} deferred, then succeeded`,
        created: { paymentIntentId: intent.id },
        events: ["payment-intent.deferred", "payment-intent.succeeded"],
      };
    },
  },
  {
    name: "out-of-order-delivery",
    description: "A SINPE payment's succeeded event arrives before its (late) deferred event.",
    run(context) {
      const customer = pickCustomer(context);
      const intent = createIntent(context, { status: "processing", paymentMethodType: "mobile_transfer", customer });
      const deferredEvent = paymentIntentDeferred(intent, context.mode);
      const succeeded = updateIntent(context, intent, { status: "succeeded", confirmationAttempts: 1 });
      const first = context.webhooks.event(context.mode, paymentIntentSucceeded(succeeded, customer, context.store.now().toISOString()));
      context.webhooks.event(context.mode, deferredEvent, { after: first });
      return {
        summary: `Intent ${intent.id}: succeeded delivered before deferred`,
        created: { paymentIntentId: intent.id },
        events: ["payment-intent.succeeded", "payment-intent.deferred"],
      };
    },
  },
];
