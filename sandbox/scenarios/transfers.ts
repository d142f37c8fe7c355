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
    name: "sinpe-transfer-two-candidates",
    description: "A SINPE transfer arrives unlinked; its customer has two open intents of its amount, so both are candidates.",
    run(context) {
      const customer = pickCustomer(context);
      const first = createIntent(context, { status: "requires_payment_method", paymentMethodType: "mobile_transfer", customer });
      const second = createIntent(context, { status: "requires_payment_method", paymentMethodType: "mobile_transfer", customer, amount: first.amount, currency: first.currency });
      const transfer = createTransfer(context, { amount: first.amount, currency: first.currency, customer, paymentIntentId: null, description: "SINPE" });
      context.webhooks.event(context.mode, mobileTransferReceived(transfer));
      return {
        summary: `Transfer ${transfer.SINPERefNumber} unlinked; open intents ${first.id} and ${second.id} both have its amount and sender`,
        created: { transferId: transfer.id, SINPERefNumber: transfer.SINPERefNumber, firstPaymentIntentId: first.id, secondPaymentIntentId: second.id },
        events: ["mobile-transfer.received"],
      };
    },
  },
  {
    name: "sinpe-transfer-pending",
    description: "A SINPE transfer the bank has not completed: status pending, its money not received yet (no webhook; the sync sees it).",
    run(context) {
      const transfer = createTransfer(context, { amount: 2_750_000, currency: "CRC", paymentIntentId: null, description: "Pago pendiente", status: "pending" });
      return { summary: `Pending transfer ${transfer.SINPERefNumber}`, created: { transferId: transfer.id, SINPERefNumber: transfer.SINPERefNumber }, events: [] };
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
