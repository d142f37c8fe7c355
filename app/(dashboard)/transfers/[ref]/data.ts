import "server-only";
import { notFound } from "next/navigation";
import type { ExplainedError } from "@/lib/payments/explain-error";
import { settleSubject, type Settled } from "@/lib/payments/settle";
import { getDb } from "@/db";
import { getLocalTransfer, type LocalTransfer } from "@/db/queries/mobile-transfers";
import { readAsOperator } from "@/lib/auth/require-operator";
import { getMode } from "@/lib/mode";
import { getPaymentClient, listMobileTransfers } from "@/lib/payments";
import { toTransferView, type TransferView } from "./view";

export type TransferDetail = {
  transfer: TransferView;
  local: LocalTransfer | null;
  /** The API answered, but without this transfer (the page shows the local record and says so). */
  apiMissing: boolean;
  /** The API failed, but a webhook told this app of the transfer: the page shows that record under the error. */
  apiError: ExplainedError | null;
};

/**
 * A transfer by its SINPE reference: the API has no read-by-id for transfers, so it is the list filtered to that
 * reference (one at most). Read alongside this app's own record of it. Neither knows it → 404; a reference that is not
 * 25 characters cannot exist and is a 404 too, without asking the service. The API failed and no webhook told of it →
 * the page shows only the error.
 */
export async function loadTransfer(reference: string): Promise<Settled<TransferDetail>> {
  const mode = await getMode();
  const {
    value: [api, local],
  } = await readAsOperator("viewer", () =>
    Promise.all([
      settleSubject(() => listMobileTransfers(getPaymentClient(mode), { SINPERefNumber: reference, limit: 1 })),
      getLocalTransfer(getDb(), { mode, reference }),
    ]),
  );
  const found = api.ok ? (api.value.items.find((item) => item.SINPERefNumber === reference) ?? null) : null;
  const transfer = toTransferView(found, local);
  if (!transfer) {
    if (api.ok) notFound();
    return api;
  }
  return { ok: true, value: { transfer, local, apiMissing: api.ok && !found, apiError: api.ok ? null : api.error } };
}
