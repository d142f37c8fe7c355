import { mobileTransferReceived, paymentIntentDeferred } from "../webhooks/events";
import { createIntent, createTransfer, pickCustomer, type Scenario } from "./helpers";

// Reconciliation's rule 4: a customer pays one SINPE intent in two transfers from the same phone and id, neither
// linked by the service; together they are the intent's amount.
export const splitPaymentScenario: Scenario = {
  name: "sinpe-split-payment",
  description: "Two unlinked SINPE transfers from one sender that together pay an intent awaiting its money (deferred).",
  run(context) {
    const customer = pickCustomer(context);
    const intent = createIntent(context, { status: "processing", paymentMethodType: "mobile_transfer", customer });
    const deferred = context.webhooks.event(context.mode, paymentIntentDeferred(intent, context.mode));
    // About 60 % now and the rest later, in whole colones.
    const first = Math.round((intent.amount * 0.6) / 100) * 100;
    const one = createTransfer(context, { amount: first, currency: intent.currency, customer, paymentIntentId: null, description: "Primer pago" });
    const other = createTransfer(context, { amount: intent.amount - first, currency: intent.currency, customer, paymentIntentId: null, description: "Resto del pago" });
    // The same person sends both: the same id on both transfers (createTransfer draws a new one each time).
    const two = context.store.save(context.mode, "mobileTransfers", { ...other, originId: one.originId });
    const received = context.webhooks.event(context.mode, mobileTransferReceived(one), { after: deferred });
    context.webhooks.event(context.mode, mobileTransferReceived(two), { after: received });
    return {
      summary: `Transfers ${one.SINPERefNumber} and ${two.SINPERefNumber} together pay intent ${intent.id}`,
      created: { paymentIntentId: intent.id, firstSINPERefNumber: one.SINPERefNumber, secondSINPERefNumber: two.SINPERefNumber },
      events: ["payment-intent.deferred", "mobile-transfer.received", "mobile-transfer.received"],
    };
  },
};
