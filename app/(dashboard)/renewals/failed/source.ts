import "server-only";
import { defineListSource } from "@/app/(dashboard)/list-view";
import { countRenewalFailures, listRenewalFailures, type FailureFilters, type RenewalFailureRow } from "@/db/queries/renewal-failures";
import { requireOperator } from "@/lib/auth/require-operator";
import { createdAtRange } from "@/lib/list-params";
import { isKnownValue } from "@/lib/payments/schemas/common";
import { CARD_DECLINE_REASONS } from "@/lib/payments/schemas/errors";
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

/** The decline's stable reason, never read from its message: "unknown" for one this app does not know. */
const declineReason = (reason: string | null) => (reason === null ? null : isKnownValue(CARD_DECLINE_REASONS, reason) ? reason : ("unknown" as const));

export function toFailedRenewalBase(row: RenewalFailureRow): Omit<FailedRenewalRow, "card"> {
  return {
    ...row,
    id: String(row.id),
    declineReason: declineReason(row.declineReason),
    periodStart: row.periodStart.toISOString(),
    periodEnd: iso(row.periodEnd),
    lastAttemptAt: iso(row.lastAttemptAt),
    nextAttemptAt: iso(row.nextAttemptAt),
    stateChangedAt: iso(row.stateChangedAt),
    lastContactAt: iso(row.lastContactAt),
    closedAt: iso(row.closedAt),
  };
}

/**
 * Failed renewals from this app's database, a page at a time in the chosen order, with the decline's reason and code
 * from the attempt's synced intent; the page's rows then get what the service alone knows (the saved card) on the
 * page. The export takes the same rows, contact details first.
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
  // The card is the service's: the page asks for its own rows (enrichFailures); a list of thousands does not make a
  // call per row, and no saved card is copied locally, so the CSV has none.
  toRow: (row): FailedRenewalRow => ({ ...row, card: null }),
  exportColumns: (c, t) => [
    c.fields("customerName", "customerEmail"),
    c.text("phone", (row) => row.customerPhone),
    // The currency even while the amount is unknown (its event names it; the amount may wait for the sync).
    c.moneyAmount("amount", (row) => (row.amount !== null && row.currency ? { amount: row.amount, currency: row.currency } : null)),
    c.text("currency", (row) => row.currency),
    c.text("state", (row) => row.state),
    c.number("attempts", (row) => row.attempts),
    c.time("lastAttempt", (row) => row.lastAttemptAt),
    c.time("nextAttempt", (row) => row.nextAttemptAt),
    c.fields("errorCode", "errorMessage"),
    // The decline in the page's words, and the gateway's code beside it.
    [
      { header: t("failedRenewals.export.declineReason"), cell: (row) => (row.declineReason ? t(`paymentErrors.decline.${row.declineReason}`) : null) },
      { header: t("failedRenewals.export.declineCode"), cell: (row) => row.declineCode },
    ],
    c.text("assignedTo", (row) => row.assignedName),
    c.text("promisedBy", (row) => row.promisedBy),
    // A closure by hand (state "closed"): who, why (in words) and the note.
    [
      { header: t("failedRenewals.export.closedBy"), cell: (row) => row.closedByName },
      { header: t("failedRenewals.export.closeReason"), cell: (row) => (row.closeReason ? t(`failedRenewals.followUp.closeReasons.${row.closeReason}`) : null) },
      { header: t("failedRenewals.export.closeNote"), cell: (row) => row.closeNote },
    ],
    c.fields("subscriptionId", "customerId", "paymentIntentId"),
  ],
});
