import "server-only";
import { cardExpiryState, monthIn } from "@/lib/payments/card-expiry";
import { listPaymentMethods, type PaymentClient, type PaymentMethod } from "@/lib/payments";
import type { FailedRenewalRow } from "./row";

// What only the service knows about a page of failed renewals: the customer's saved card (no payment methods are
// synced). One call per customer of the page, side by side; a call that fails leaves its cell empty rather than the
// page broken (the database rows are the page). The decline's reason and the method charged come from the synced
// intent (db/queries/renewal-failures.ts), so the export has them too.

export async function enrichFailures(
  rows: FailedRenewalRow[],
  { client, timeZone, now = new Date() }: { client: PaymentClient; timeZone: string; now?: Date },
): Promise<FailedRenewalRow[]> {
  const customers = [...new Set(rows.map((row) => row.customerId).filter((id): id is string => !!id))];
  const today = monthIn(now, timeZone);
  const methods = await Promise.all(
    customers.map(async (id) => [id, await listPaymentMethods(client, id, { limit: 20 }).then((page) => page.items, (): PaymentMethod[] => [])] as const),
  );
  const methodsById = new Map(methods);
  const cardOf = (row: (typeof rows)[number]) => {
    const saved = (row.customerId && methodsById.get(row.customerId)) || [];
    const charged = row.paymentMethodId;
    // The card the attempt charged when the service lists it; else the newest card saved (lists are newest first).
    const card = (saved.find((method) => method.id === charged && method.card) ?? saved.find((method) => method.card))?.card;
    return card ? { brand: card.brand ?? null, expMonth: card.expMonth, expYear: card.expYear, expiry: cardExpiryState(card, today) } : null;
  };
  return rows.map((row) => ({ ...row, card: cardOf(row) }));
}
