import { mobileTransferReceived, paymentIntentSucceeded } from "../webhooks/events";
import { createIntent, createTransfer, pickCustomer, type Scenario } from "./helpers";

// SINPE Móvil: money arrives as a transfer; the question reconciliation answers is which intent it pays.
export const transferScenarios: Scenario[] = [
  {
    name: "sinpe-transfer-linked",
    description: "A SINPE transfer arrives already linked to the intent it pays.",
    run(context) {
      const customer = pickCustomer(context);
      const intent = createIntent(context, { status: "succeeded", paymentMethodType: "mobile_transfer", customer });
      const transfer = createTransfer(context, { amount: intent.amount, currency: intent.currency, customer, paymentIntentId: intent.id, description: intent.description ?? "Pago" });
      const received = context.webhooks.event(context.mode, mobileTransferReceived(transfer));
      context.webhooks.event(context.mode, paymentIntentSucceeded(intent, customer, transfer.createdAt), { after: received });
      return {
        summary: `Transfer ${transfer.SINPERefNumber} paid intent ${intent.id}`,
        created: { transferId: transfer.id, SINPERefNumber: transfer.SINPERefNumber, paymentIntentId: intent.id },
        events: ["mobile-transfer.received", "payment-intent.succeeded"],
      };
    },
  },
  {
    name: "sinpe-transfer-unlinked-matching",
    description: "A SINPE transfer arrives unlinked; an open intent has its amount and the sender's phone.",
    run(context) {
      const customer = pickCustomer(context);
      const intent = createIntent(context, { status: "requires_payment_method", paymentMethodType: "mobile_transfer", customer });
      const transfer = createTransfer(context, {
        amount: intent.amount,
        currency: intent.currency,
        customer,
        paymentIntentId: null,
        description: `SINPE ${customer.name?.split(" ")[0] ?? ""}`.trim(),
      });
      context.webhooks.event(context.mode, mobileTransferReceived(transfer));
      return {
        summary: `Transfer ${transfer.SINPERefNumber} unlinked; matches open intent ${intent.id}`,
        created: { transferId: transfer.id, SINPERefNumber: transfer.SINPERefNumber, matchingPaymentIntentId: intent.id },
        events: ["mobile-transfer.received"],
      };
    },
  },
  {
    name: "stray-transfer",
    description: "A SINPE transfer that matches no intent at all.",
    run(context) {
      const transfer = createTransfer(context, { amount: 1_234_500, currency: "CRC", paymentIntentId: null, description: "Transferencia" });
      context.webhooks.event(context.mode, mobileTransferReceived(transfer));
      return { summary: `Stray transfer ${transfer.SINPERefNumber}`, created: { transferId: transfer.id, SINPERefNumber: transfer.SINPERefNumber }, events: ["mobile-transfer.received"] };
    },
  },
];
