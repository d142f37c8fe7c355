import { randomInt } from "node:crypto";
import { newId } from "../ids";
import { checkoutSessionSucceeded, paymentIntentDeferred, paymentIntentFailed, paymentIntentSucceeded } from "../webhooks/events";
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
  {
    name: "checkout-session-paid",
    description: "A hosted checkout session is paid (checkout-session.succeeded).",
    run(context) {
      const { store, mode } = context;
      const customer = pickCustomer(context);
      const prices = store.collection(mode, "prices").all().filter((p) => p.type !== "recurring" && p.currency === "CRC" && p.unitAmount);
      const products = store.collection(mode, "products");
      const lines = Array.from({ length: randomInt(1, 4) }, () => {
        const price = prices.length > 0 ? pick(prices) : undefined;
        const product = price?.productId ? products.get(price.productId) : undefined;
        return {
          name: product?.name ?? "Producto",
          description: product?.description ?? "",
          currency: "CRC",
          amount: price?.unitAmount ?? 1_500_000,
        };
      });
      const amountTotal = lines.reduce((sum, line) => sum + line.amount, 0);
      const intent = createIntent(context, { status: "succeeded", paymentMethodType: "card", customer, amount: amountTotal, description: "Checkout" });
      const id = newId("cs");
      const createdAt = store.now().toISOString();
      const session = {
        mode,
        currency: "CRC",
        url: `${context.publicUrl}/checkout/${id}`,
        amountTotal,
        createdAt,
        metadata: { paymentIntentId: intent.id },
        customer,
        lineItems: lines,
      };
      store.save(mode, "checkoutSessions", { id, createdAt, url: session.url, paymentIntentId: intent.id, amountTotal, lineItems: lines });
      context.webhooks.event(mode, checkoutSessionSucceeded(session));
      return { summary: `Checkout ${id} paid`, created: { checkoutSessionId: id, paymentIntentId: intent.id }, events: ["checkout-session.succeeded"] };
    },
  },
];
