import "server-only";
import { cardExpiryState, monthIn } from "@/lib/payments/card-expiry";
import { isKnownValue } from "@/lib/payments/schemas/common";
import { CARD_DECLINE_REASONS } from "@/lib/payments/schemas/errors";
import { getPaymentIntent, listPaymentMethods, type PaymentClient, type PaymentIntent, type PaymentMethod } from "@/lib/payments";
import type { FailedRenewalRow } from "./row";

// What only the service knows about a page of failed renewals: the decline's stable reason (on the attempt's intent,
// never read from its message) and the customer's saved card. One call per intent and per customer of the page, side
// by side; a call that fails leaves its cell empty rather than the page broken (the database rows are the page).

/** The decline's stable reason ("unknown" for one this app does not know; no reason, none) and the method charged. */
const attemptOf = (intent: PaymentIntent) => {
  const error = (intent as { lastPaymentError?: { reason?: unknown } | null }).lastPaymentError;
  const reason = typeof error?.reason === "string" && error.reason ? error.reason : null;
  return {
    reason: reason === null ? null : isKnownValue(CARD_DECLINE_REASONS, reason) ? reason : ("unknown" as const),
    methodId: intent.paymentMethodId ?? null,
  };
};

export async function enrichFailures(
  rows: Omit<FailedRenewalRow, "declineReason" | "card">[],
  { client, timeZone, now = new Date() }: { client: PaymentClient; timeZone: string; now?: Date },
): Promise<FailedRenewalRow[]> {
  const intents = [...new Set(rows.map((row) => row.paymentIntentId).filter((id): id is string => !!id))];
  const customers = [...new Set(rows.map((row) => row.customerId).filter((id): id is string => !!id))];
  const today = monthIn(now, timeZone);
  const [attempts, methods] = await Promise.all([
    Promise.all(intents.map(async (id) => [id, await getPaymentIntent(client, id).then(attemptOf, () => null)] as const)),
    Promise.all(customers.map(async (id) => [id, await listPaymentMethods(client, id, { limit: 20 }).then((page) => page.items, (): PaymentMethod[] => [])] as const)),
  ]);
  const attemptById = new Map(attempts);
  const methodsById = new Map(methods);
  const cardOf = (row: (typeof rows)[number]) => {
    const saved = (row.customerId && methodsById.get(row.customerId)) || [];
    const charged = row.paymentIntentId ? attemptById.get(row.paymentIntentId)?.methodId : null;
    // The card the attempt charged when the service lists it; else the newest card saved (lists are newest first).
    const card = (saved.find((method) => method.id === charged && method.card) ?? saved.find((method) => method.card))?.card;
    return card ? { brand: card.brand ?? null, expMonth: card.expMonth, expYear: card.expYear, expiry: cardExpiryState(card, today) } : null;
  };
  return rows.map((row) => ({
    ...row,
    declineReason: (row.paymentIntentId && attemptById.get(row.paymentIntentId)?.reason) || null,
    card: cardOf(row),
  }));
}
