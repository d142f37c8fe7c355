import { randomInt } from "node:crypto";
import { newId } from "../ids";
import type { SandboxCustomer } from "../model";
import { checkoutSessionSucceeded } from "../webhooks/events";
import { createIntent, pick, pickCustomer, type Scenario, type ScenarioContext, type ScenarioResult } from "./helpers";

// Hosted checkout sessions being paid. The event carries the session (no id: its URL names it); the sandbox keeps a
// record so that the URL opens its hosted page, and a succeeded card intent for the amount, as a real payment leaves.

type Line = { name: string; description: string; currency: string; amount: number };

/** 1–3 of the catalog's one-off colón prices, as lines (one unit each). */
function cartLines({ store, mode }: ScenarioContext): Line[] {
  const prices = store.collection(mode, "prices").all().filter((p) => p.type !== "recurring" && p.currency === "CRC" && p.unitAmount && p.isActive !== false);
  const products = store.collection(mode, "products");
  return Array.from({ length: randomInt(1, 4) }, () => {
    const price = prices.length > 0 ? pick(prices) : undefined;
    const product = price?.productId ? products.get(price.productId) : undefined;
    return { name: product?.name ?? "Producto", description: product?.description ?? "", currency: "CRC", amount: price?.unitAmount ?? 1_500_000 };
  });
}

function paySession(context: ScenarioContext, customer: SandboxCustomer, lines: Line[], extra: { amount: number; metadata: Record<string, string> }): ScenarioResult {
  const { store, mode } = context;
  const amountTotal = lines.reduce((sum, line) => sum + line.amount, 0) + extra.amount;
  const intent = createIntent(context, { status: "succeeded", paymentMethodType: "card", customer, amount: amountTotal, description: "Checkout" });
  const id = newId("cs");
  const createdAt = store.now().toISOString();
  const url = `${context.publicUrl}/checkout/${id}`;
  // An order number the operator can search for (metadata values are searchable in the app), and the intent it paid.
  const metadata = { pedido: `ORD-${randomInt(100_000, 999_999)}`, paymentIntentId: intent.id, ...extra.metadata };
  store.save(mode, "checkoutSessions", { id, createdAt, url, paymentIntentId: intent.id, amountTotal, lineItems: lines, metadata });
  context.webhooks.event(mode, checkoutSessionSucceeded({ mode, currency: "CRC", url, amountTotal, createdAt, metadata, customer, lineItems: lines }));
  return {
    summary: `Checkout ${id} paid (${metadata.pedido})`,
    created: { checkoutSessionId: id, checkoutSessionUrl: url, paymentIntentId: intent.id, orderNumber: metadata.pedido },
    events: ["checkout-session.succeeded"],
  };
}

export const checkoutScenarios: Scenario[] = [
  {
    name: "checkout-session-paid",
    description: "A hosted checkout session is paid (checkout-session.succeeded); its line items add up to its total.",
    run: (context) => paySession(context, pickCustomer(context), cartLines(context), { amount: 0, metadata: {} }),
  },
  {
    name: "checkout-session-paid-with-shipping",
    description: "A checkout session is paid with shipping charged on top: amountTotal includes a shipping rate that is not one of its line items, so the lines do not add up to the total.",
    run(context) {
      const rates = context.store.collection(context.mode, "shippingRates").all().filter((r) => r.isActive && r.currency === "CRC" && r.amount);
      const rate = rates.length > 0 ? pick(rates) : undefined;
      return paySession(context, pickCustomer(context), cartLines(context), {
        amount: rate?.amount ?? 250_000,
        metadata: rate ? { shippingRateId: rate.id } : {},
      });
    },
  },
];
