import "server-only";
import { defineListSource } from "@/app/(dashboard)/list-view";
import { countRenewalFailures, listRenewalFailures, type FailureFilters, type RenewalFailureRow } from "@/db/queries/renewal-failures";
import { requireOperator } from "@/lib/auth/require-operator";
import { createdAtRange } from "@/lib/list-params";
import { failedRenewalsList, type FailedRenewalsState } from "./list";
import type { FailedRenewalRow } from "@/lib/renewals/row";

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The URL's filters as the query's; "mine" is whoever asks, the date range is days of the last attempt in the zone. */
export async function toFailureFilters(state: FailedRenewalsState, mode: FailureFilters["mode"], timeZone: string): Promise<FailureFilters> {
  const range = createdAtRange(state.from, state.to, timeZone);
  const assignedTo = state.assigned === "mine" ? (await requireOperator("viewer")).id : state.assigned;
  return {
    mode,
    state: state.state,
    currency: state.currency,
    errorCode: state.errorCode,
    assignedTo,
    ...(range?.gte && { from: new Date(range.gte) }),
    ...(range?.lt && { before: new Date(range.lt) }),
  };
}

/** The cursors carry offsets: Next starts after this page, Previous ends before its first row. */
function offsetOf(state: FailedRenewalsState): number {
  const after = state.startingAfter && /^\d{1,9}$/.test(state.startingAfter) ? Number(state.startingAfter) : null;
  const before = state.endingBefore && /^\d{1,9}$/.test(state.endingBefore) ? Number(state.endingBefore) : null;
  if (after !== null && before === null) return after;
  if (before !== null && after === null) return Math.max(0, before - state.limit);
  return 0;
}

export function toFailedRenewalBase(row: RenewalFailureRow): Omit<FailedRenewalRow, "declineReason" | "card"> {
  return {
    ...row,
    id: String(row.id),
    periodStart: row.periodStart.toISOString(),
    periodEnd: iso(row.periodEnd),
    lastAttemptAt: iso(row.lastAttemptAt),
    nextAttemptAt: iso(row.nextAttemptAt),
    stateChangedAt: iso(row.stateChangedAt),
    lastContactAt: iso(row.lastContactAt),
  };
}

/**
 * Failed renewals from this app's database, a page at a time in the chosen order; the page's rows then get what the
 * service alone knows (the decline's reason, the saved card) on the page. The export takes the same rows, contact details first.
 */
export const failedRenewalsSource = defineListSource(failedRenewalsList, {
  fetchPage: async ({ db, mode, timeZone, counting }, state) => {
    const filters = await toFailureFilters(state, mode, timeZone);
    const offset = offsetOf(state);
    const [page, total] = await Promise.all([
      listRenewalFailures(db(), filters, { sort: state.sort === "amount" ? "amount" : "nextAttempt", limit: state.limit, offset }),
      counting ? countRenewalFailures(db(), filters) : undefined,
    ]);
    return {
      items: page.items.map(toFailedRenewalBase),
      next: page.hasMore ? String(offset + state.limit) : undefined,
      prev: offset > 0 ? String(offset) : undefined,
      ...(total !== undefined && { total }),
    };
  },
  // The decline's reason and the card are the service's: the page asks for its own rows (enrichFailures); a calling
  // list of thousands does not make two calls per row. Nothing local holds them for the CSV either: the failure event
  // carries only the error's code and message (exported below), the sync's intent row keeps neither the intent's
  // lastPaymentError (reason, declineCode) nor its paymentMethodId, and no saved card is copied at all.
  toRow: (row): FailedRenewalRow => ({ ...row, declineReason: null, card: null }),
  exportColumns: (c) => [
    c.fields("customerName", "customerEmail"),
    c.text("phone", (row) => row.customerPhone),
    c.money("amount", (row) => (row.amount !== null && row.currency ? { amount: row.amount, currency: row.currency } : null)),
    c.text("state", (row) => row.state),
    c.number("attempts", (row) => row.attempts),
    c.time("lastAttempt", (row) => row.lastAttemptAt),
    c.time("nextAttempt", (row) => row.nextAttemptAt),
    c.fields("errorCode", "errorMessage"),
    c.text("assignedTo", (row) => row.assignedName),
    c.text("promisedBy", (row) => row.promisedBy),
    c.fields("subscriptionId", "customerId", "paymentIntentId"),
  ],
});
