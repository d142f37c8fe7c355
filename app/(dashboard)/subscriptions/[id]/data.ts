import "server-only";
import { settle, settleSubject, type Settled } from "@/lib/payments/settle";
import { readAsOperator } from "@/lib/auth/require-operator";
import { getMode } from "@/lib/mode";
import { getPaymentClient, getSubscription, listRenewals, type Page, type Renewal } from "@/lib/payments";
import { renewalCursor } from "./search-params";
import { toSubscriptionView, type SubscriptionView } from "./view";

export const RENEWALS_PER_PAGE = 10;

export type SubscriptionDetail = {
  subscription: SubscriptionView;
  // Fails on its own (a stale cursor in the URL, say) without hiding the subscription.
  renewals: Settled<Page<Renewal>>;
};

/** The subscription and one page of its renewals (newest first), in parallel. No such subscription → 404. */
export async function loadSubscription(id: string, cursor: Parameters<typeof renewalCursor>[0]): Promise<Settled<SubscriptionDetail>> {
  const mode = await getMode();
  const client = () => getPaymentClient(mode);
  const {
    value: [subscription, renewals],
  } = await readAsOperator("viewer", () =>
    Promise.all([
      settleSubject(() => getSubscription(client(), id)),
      settle(() => listRenewals(client(), { subscriptionId: id, limit: RENEWALS_PER_PAGE, ...renewalCursor(cursor) })),
    ]),
  );
  if (!subscription.ok) return subscription;
  return { ok: true, value: { subscription: toSubscriptionView(subscription.value), renewals } };
}
