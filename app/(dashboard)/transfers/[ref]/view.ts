import { z } from "zod";
import type { LocalTransfer } from "@/db/queries/mobile-transfers";
import { decodeSenderId, type DecodedSenderId } from "@/lib/format/sender-id";
import type { MobileTransfer } from "@/lib/payments/schemas";

// One transfer as its page shows it, from the API's record (the source of truth) and what this app recorded of it.
// The spec's record has no sender phone; the webhook has it, and the service also sends it on the record.

const phoneSchema = z.string().trim().min(1).nullish().catch(null);

export type TransferView = {
  reference: string;
  /** Null when only the local record exists: the API did not return the transfer (or failed). */
  id: string | null;
  /** Whether the service's record is behind this view: without it, "not linked" cannot be told from "not known". */
  fromService: boolean;
  amount: number;
  currency: string;
  status: MobileTransfer["status"] | null;
  description: string | null;
  sender: { name: string | null; id: DecodedSenderId | null; phone: string | null };
  destinationPhone: string | null;
  authorizedAt: string | null;
  receivedAt: string | null;
  paymentIntentId: string | null;
};

export function toTransferView(api: MobileTransfer | null, local: LocalTransfer | null): TransferView | null {
  if (!api && !local) return null;
  const phone = local?.originPhone || phoneSchema.parse(api?.originPhone) || null;
  const originId = api?.originId || local?.originId || null;
  return {
    reference: api?.SINPERefNumber ?? local!.sinpeRefNumber,
    id: api?.id ?? null,
    fromService: api !== null,
    amount: api?.amount ?? local!.amount,
    currency: (api?.currency ?? local!.currency).toUpperCase(),
    status: api?.status ?? null,
    description: api?.description || local?.description || null,
    sender: { name: api?.originName || local?.originName || null, id: originId ? decodeSenderId(originId) : null, phone },
    destinationPhone: api?.destinationPhone || null,
    authorizedAt: api?.authorizationDate ?? local?.authorizationDate?.toISOString() ?? null,
    receivedAt: api?.createdAt ?? null,
    // The service's link wins; one made here (reconciliation) shows while the service has none.
    paymentIntentId: api?.paymentIntentId || local?.paymentIntentId || null,
  };
}
