import "server-only";
import { cardExpiryState, monthIn } from "@/lib/payments/card-expiry";
import { isKnownValue } from "@/lib/payments/schemas/common";
import { CARD_DECLINE_REASONS } from "@/lib/payments/schemas/errors";
import { getPaymentIntent, listPaymentMethods, type PaymentClient } from "@/lib/payments";
import type { FailedRenewalRow } from "@/app/(dashboard)/renewals/failed/rows";

// What only the service knows about a page of failed renewals: the decline's stable reason (on the attempt's intent,
// never read from its message) and the customer's saved card. One call per intent and per customer of the page, side
// by side; a call that fails leaves its cell empty rather than the page broken (the database rows are the page).

/** The decline's stable reason, or "unknown" for one this app does not know; no reason, none. */
const reasonOf = (intent: unknown): FailedRenewalRow["declineReason"] => {
  const error = (intent as { lastPaymentError?: { reason?: unknown } | null }).lastPaymentError;
  if (typeof error?.reason !== "string" || !error.reason) return null;
  return isKnownValue(CARD_DECLINE_REASONS, error.reason) ? error.reason : "unknown";
};

export async function enrichFailures(
  rows: Omit<FailedRenewalRow, "declineReason" | "card">[],
  { client, timeZone, now = new Date() }: { client: PaymentClient; timeZone: string; now?: Date },
): Promise<FailedRenewalRow[]> {
  const intents = [...new Set(rows.map((row) => row.paymentIntentId).filter((id): id is string => !!id))];
  const customers = [...new Set(rows.map((row) => row.customerId).filter((id): id is string => !!id))];
  const today = monthIn(now, timeZone);
  const [reasons, cards] = await Promise.all([
    Promise.all(intents.map(async (id) => [id, await getPaymentIntent(client, id).then(reasonOf, () => null)] as const)),
    Promise.all(
      customers.map(async (id) => {
        const methods = await listPaymentMethods(client, id, { limit: 10 }).then((page) => page.items, () => []);
        // The newest card the customer saved: lists are newest first.
        const card = methods.find((method) => method.card)?.card;
        return [id, card ? { brand: card.brand ?? null, expMonth: card.expMonth, expYear: card.expYear, expired: cardExpiryState(card, today) === "expired" } : null] as const;
      }),
    ),
  ]);
  const reasonById = new Map(reasons);
  const cardById = new Map(cards);
  return rows.map((row) => ({
    ...row,
    declineReason: (row.paymentIntentId && reasonById.get(row.paymentIntentId)) || null,
    card: (row.customerId && cardById.get(row.customerId)) || null,
  }));
}
