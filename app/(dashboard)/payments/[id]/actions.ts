"use server";
// Refunds from the payment page. refundPayment sends the refund once and writes its audit row (lib/refunds).
import { refresh } from "next/cache";
import { getDb } from "@/db";
import { requireOperator } from "@/lib/auth/require-operator";
import { getMode } from "@/lib/mode";
import { getPaymentClient } from "@/lib/payments";
import { isPaymentServiceError } from "@/lib/payments/errors";
import { refundPayment } from "@/lib/refunds/create-refund";
import { explainRefundError } from "@/lib/refunds/explain-refund-error";
import type { CreateRefundResult } from "@/lib/refunds/refund-input";

const REFRESHED = new Set(["service", "already_submitted", "key_reused"]);

export async function createRefundAction(input: unknown): Promise<CreateRefundResult> {
  // First, before reading anything: a viewer's forged call ends here with 403.
  const operator = await requireOperator("operator");
  // The mode the operator is looking at: an intent of the other mode is not found rather than refunded there.
  const mode = await getMode();
  let client;
  try {
    client = getPaymentClient(mode);
  } catch (error) {
    // No key for this mode: nothing was sent.
    if (isPaymentServiceError(error)) return { ok: false, error: "service", ...explainRefundError(error, false) };
    throw error;
  }
  const result = await refundPayment({ db: getDb(), client, mode, actor: operator }, input);
  // Whatever the service answered, the page re-reads the intent (what remains, its status, the new history line) and
  // renders the form with a fresh one-time key: the key just used is spent. Input refused before anything was asked
  // keeps the page as it is, key included.
  if (result.ok || REFRESHED.has(result.error)) refresh();
  return result;
}
