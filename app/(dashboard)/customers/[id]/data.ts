import "server-only";
import { settle, settleSubject, type Settled } from "@/lib/payments/settle";
import { readAsOperator } from "@/lib/auth/require-operator";
import { getMode } from "@/lib/mode";
import { getCustomer, getPaymentClient, listPaymentIntents, listSubscriptions, type Customer } from "@/lib/payments";
import { toPaymentRow, type PaymentRow } from "../../payments/rows";
import { toSubscriptionView, type SubscriptionView } from "../../subscriptions/[id]/view";

/** How many of a customer's latest payments and subscriptions the page lists; the Payments list has the rest. */
export const RELATED_LIMIT = 10;

export type CustomerDetail = {
  customer: Customer;
  // Each list fails on its own: a slow subscriptions endpoint must not hide who the customer is.
  payments: Settled<{ rows: PaymentRow[]; total?: number }>;
  subscriptions: Settled<{ items: SubscriptionView[]; total?: number }>;
};

/** The customer and their latest intents and subscriptions, in three parallel calls. No such customer → 404. */
export async function loadCustomer(id: string): Promise<Settled<CustomerDetail>> {
  const mode = await getMode();
  const client = () => getPaymentClient(mode);
  const {
    value: [customer, payments, subscriptions],
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
    ]),
  );
  if (!customer.ok) return customer;
  return { ok: true, value: { customer: customer.value, payments, subscriptions } };
}
