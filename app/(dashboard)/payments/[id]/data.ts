import "server-only";
import { settle, settleSubject, type Settled } from "@/lib/payments/settle";
import { getDb } from "@/db";
import { getTransferForIntent, type LocalTransfer } from "@/db/queries/mobile-transfers";
import { getIntentReadModel } from "@/db/queries/payment-intents";
import { getRenewalEventForIntent } from "@/db/queries/renewal-links";
import { readAsOperator } from "@/lib/auth/require-operator";
import { hasRole } from "@/lib/auth/roles";
import { getMode } from "@/lib/mode";
import { getPaymentClient, getPaymentIntent, listRenewals, type PaymentIntent } from "@/lib/payments";
import { fromRenewalEvent, renewalOfIntent, subscriptionHint, type LinkedRenewal } from "./renewal-link";
import { toIntentView, type IntentView } from "./view";

export type PaymentDetail = {
  intent: IntentView;
  /** From the webhook read model: a failure that arrived after success, which the API never reports. */
  conflict: string | null;
  transfer: LocalTransfer | null;
  /**
   * Settled already when a stored renewal event names the intent. Otherwise it waits for a service call that needs
   * the intent first; the page streams that card in after the rest instead of holding the whole page for it.
   */
  renewal: Promise<LinkedRenewal | null>;
  /** Operators and admins may refund; viewers see no refund controls at all. */
  canRefund: boolean;
};

// A subscription has one renewal per period: a page of 100 covers years of monthly renewals.
const RENEWALS_PAGE = 100;

/** Asked only when no renewal event named the intent, and only for an intent that names its subscription. Never rejects. */
async function renewalFromService(intent: PaymentIntent, mode: Parameters<typeof getPaymentClient>[0]): Promise<LinkedRenewal | null> {
  const subscriptionId = subscriptionHint(intent);
  if (!subscriptionId) return null;
  // A link the page can do without: any failure here hides it rather than the payment (and, streamed after the rest,
  // it has no error boundary of its own to fall back on).
  const page = await settle(() => listRenewals(getPaymentClient(mode), { subscriptionId, limit: RENEWALS_PAGE })).catch(() => null);
  if (!page) return null;
  return page.ok ? renewalOfIntent(page.value.items, intent.id) : null;
}

/**
 * One intent from the API with what only this app knows of it, all read at once: the page takes as long as the
 * slowest of them, not their sum. No such intent → the route's 404.
 */
export async function loadPayment(id: string): Promise<Settled<PaymentDetail>> {
  const mode = await getMode();
  const db = getDb();
  const {
    operator,
    value: [intent, readModel, transfer, renewalEvent],
  } = await readAsOperator("viewer", () =>
    Promise.all([
      settleSubject(() => getPaymentIntent(getPaymentClient(mode), id)),
      getIntentReadModel(db, { mode, id }),
      getTransferForIntent(db, { mode, paymentIntentId: id }),
      getRenewalEventForIntent(db, { mode, paymentIntentId: id }),
    ]),
  );
  if (!intent.ok) return intent;
  const renewal = renewalEvent ? Promise.resolve(fromRenewalEvent(renewalEvent)) : renewalFromService(intent.value, mode);
  return {
    ok: true,
    value: {
      intent: toIntentView(intent.value),
      conflict: readModel?.conflict ?? null,
      transfer,
      renewal,
      canRefund: hasRole(operator.role, "operator"),
    },
  };
}
