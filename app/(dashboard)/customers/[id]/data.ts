import "server-only";
import { settle, settleSubject, type Settled } from "@/lib/payments/settle";
import { readAsOperator } from "@/lib/auth/require-operator";
import { getMode } from "@/lib/mode";
import { getCustomer, getPaymentClient, listPaymentIntents, listPaymentMethods, listSubscriptions, type Customer } from "@/lib/payments";
import { toPaymentRow, type PaymentRow } from "../../payments/rows";
import { toSubscriptionView, type SubscriptionView } from "../../subscriptions/[id]/view";
import type { PaymentMethods } from "./payment-methods";

/** How many of a customer's latest payments and subscriptions the page lists; the Payments list has the rest. */
export const RELATED_LIMIT = 10;
/** Saved payment methods: a customer has a few; the page lists up to this many and says when there are more. */
const METHODS_LIMIT = 20;

export type CustomerDetail = {
  customer: Customer;
  // Each list fails on its own: a slow subscriptions endpoint must not hide who the customer is.
  payments: Settled<{ rows: PaymentRow[]; total?: number }>;
  subscriptions: Settled<{ items: SubscriptionView[]; total?: number }>;
  paymentMethods: PaymentMethods;
  /** When the page was read: a card's "expired" and "expires this month" are judged against it. */
  now: Date;
};

/** The customer, their latest intents and subscriptions and their saved cards, in four parallel calls. No such customer → 404. */
export async function loadCustomer(id: string): Promise<Settled<CustomerDetail>> {
  const mode = await getMode();
  const client = () => getPaymentClient(mode);
  const {
    value: [customer, payments, subscriptions, paymentMethods],
  } = await readAsOperator("viewer", () =>
    Promise.all([
      settleSubject(() => getCustomer(client(), id)),
      settle(async () => {
        const page = await listPaymentIntents(client(), { customerId: id, limit: RELATED_LIMIT });
        return { rows: page.items.map(toPaymentRow), total: page.total };
      }),
      settle(async () => {
        const page = await listSubscriptions(client(), { customerId: id, limit: RELATED_LIMIT });
        return { items: page.items.map(toSubscriptionView), total: page.total };
      }),
      settle(async () => {
        const page = await listPaymentMethods(client(), id, { limit: METHODS_LIMIT });
        return { items: page.items, total: page.total };
      }),
    ]),
  );
  if (!customer.ok) return customer;
  return { ok: true, value: { customer: customer.value, payments, subscriptions, paymentMethods, now: new Date() } };
}
