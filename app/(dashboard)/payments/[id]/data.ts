import "server-only";
import { settleSubject, type Settled } from "@/components/detail/settle";
import { getDb } from "@/db";
import { getTransferForIntent, type LocalTransfer } from "@/db/queries/mobile-transfers";
import { getIntentReadModel } from "@/db/queries/payment-intents";
import { requireOperator } from "@/lib/auth/require-operator";
import { getMode } from "@/lib/mode";
import { getPaymentClient, getPaymentIntent } from "@/lib/payments";
import { toIntentView, type IntentView } from "./view";

export type PaymentDetail = {
  intent: IntentView;
  /** From the webhook read model: a failure that arrived after success, which the API never reports. */
  conflict: string | null;
  transfer: LocalTransfer | null;
};

/**
 * One intent from the API with what only this app knows of it, all read at once: the page takes as long as the
 * slowest of the three, not their sum. No such intent → the route's 404.
 */
export async function loadPayment(id: string): Promise<Settled<PaymentDetail>> {
  await requireOperator("viewer");
  const mode = await getMode();
  const db = getDb();
  const [intent, readModel, transfer] = await Promise.all([
    settleSubject(() => getPaymentIntent(getPaymentClient(mode), id)),
    getIntentReadModel(db, { mode, id }),
    getTransferForIntent(db, { mode, paymentIntentId: id }),
  ]);
  if (!intent.ok) return intent;
  return { ok: true, value: { intent: toIntentView(intent.value), conflict: readModel?.conflict ?? null, transfer } };
}
