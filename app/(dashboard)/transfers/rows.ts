import { decodeSenderId, type DecodedSenderId } from "@/lib/format/sender-id";
import type { MobileTransfer } from "@/lib/payments/schemas";

// What one row of the transfers table needs: the sender's id arrives decoded, so the browser gets no parsing code.

export type TransferRow = {
  id: string;
  reference: string;
  createdAt: string;
  amount: number;
  currency: string;
  status: string;
  senderName: string;
  senderId: DecodedSenderId;
  paymentIntentId: string | null;
};

export function toTransferRow(transfer: MobileTransfer): TransferRow {
  return {
    id: transfer.id,
    reference: transfer.SINPERefNumber,
    createdAt: transfer.createdAt,
    amount: transfer.amount,
    currency: transfer.currency.toUpperCase(),
    status: transfer.status,
    senderName: transfer.originName,
    senderId: decodeSenderId(transfer.originId),
    paymentIntentId: transfer.paymentIntentId || null,
  };
}
