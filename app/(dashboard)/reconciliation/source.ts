import "server-only";
import { defineListSource } from "@/app/(dashboard)/list-view";
import { listQueue, type Queue, type QueueCursor } from "@/db/queries/reconciliation-queues";
import { createdAtRange } from "@/lib/list-params";
import { reasonText } from "@/lib/reconciliation/reasons-text";
import { amountFilter, reconciliationList, type ReconciliationState } from "./list";
import { toReconciliationRow } from "./rows";

// The queues from this app's database (nothing here is the service's), page by page with the queue's keyset cursor
// ("<transfer time>~<id>"), and as CSV: the export route pages on with the same cursor.

const encodeCursor = (cursor: QueueCursor) => `${cursor.at}~${cursor.id}`;
function decodeCursor(text: string | null): QueueCursor | undefined {
  if (!text) return undefined;
  const at = text.slice(0, text.lastIndexOf("~"));
  const id = text.slice(text.lastIndexOf("~") + 1);
  return at && id && !Number.isNaN(Date.parse(at)) && /^[0-9A-Za-z]{1,40}$/.test(id) ? { at: new Date(at).toISOString(), id } : undefined;
}

/** Two bounds, the lower first (either may be open). */
export const inOrder = (low: number | null, high: number | null): [number | null, number | null] => (low !== null && high !== null && low > high ? [high, low] : [low, high]);

export const queueOf = (state: Pick<ReconciliationState, "queue">): Queue => state.queue ?? "suggested";

/** A match's id cursor must be digits; a reference may be any of its 25 characters. */
const cursorFits = (queue: Queue, cursor: QueueCursor | undefined) => !cursor || queue === "unmatched" || /^\d+$/.test(cursor.id);

export const reconciliationSource = defineListSource(reconciliationList, {
  // An amount that is not one can only match nothing: the page explains it, the export answers 400.
  check: (state) => (amountFilter(state.amountMin, state.currency) === null ? "amountMin" : amountFilter(state.amountMax, state.currency) === null ? "amountMax" : undefined),
  fetchPage: async ({ db, mode, timeZone }, state) => {
    const queue = queueOf(state);
    const decoded = decodeCursor(state.startingAfter);
    const cursor = cursorFits(queue, decoded) ? decoded : undefined;
    const range = createdAtRange(state.from, state.to, timeZone);
    // A currency in a link may come in lower case ("usd"), as the period close accepts it; and a range typed backwards
    // (from 20 000 to 10 000) means the amounts between, as the date range does.
    const currency = state.currency?.toUpperCase();
    const [amountMin, amountMax] = inOrder(amountFilter(state.amountMin, currency) ?? null, amountFilter(state.amountMax, currency) ?? null);
    const { rows, next } = await listQueue(db(), {
      mode,
      queue,
      limit: state.limit,
      cursor,
      currency,
      filters: {
        age: state.age,
        sender: state.sender,
        amountMin,
        amountMax,
        from: range?.gte ? new Date(range.gte) : null,
        before: range?.lt ? new Date(range.lt) : null,
      },
    });
    return { items: rows, next: next ? encodeCursor(next) : undefined };
  },
  toRow: toReconciliationRow,
  exportColumns: (c, t) => [
    c.time("transferAt", (row) => row.transferAt),
    c.text("queue", (row) => (row.state === "unmatched" ? t("reconciliation.queues.unmatched") : t(`reconciliationDecision.states.${row.state}`))),
    c.money("amount", (row) => row),
    // In the row's currency (the amount's column names it), in major units like the amount: never minor units beside it.
    c.moneyAmount("intentAmount", (row) => (row.intentAmount === null ? null : { amount: row.intentAmount, currency: row.currency })),
    c.moneyAmount("difference", (row) => (row.difference === null ? null : { amount: row.difference, currency: row.currency })),
    c.fields("paymentIntentId"),
    c.text("transferRefs", (row) => row.refs.join(" ")),
    c.fields("senderName", "description"),
    c.text("rule", (row) => (row.rule ? t(`reconciliationDecision.rules.${row.rule}`) : null)),
    c.number("score", (row) => row.score),
    // Money inside the words as the operator reads it ("misma cantidad ₡124 500,00": in a Spanish file "₡124,500.00"
    // reads as 124,5 colones); the money columns are major units with a "." whatever the language.
    c.text("reasons", (row) => row.reasons.map((reason) => reasonText(reason, t, t.formatLocale, { names: [row.senderName], phones: [row.senderPhone], intentId: row.paymentIntentId })).join("; ")),
    c.fields("decidedBy"),
    c.time("decidedAt", (row) => row.decidedAt),
    c.fields("note"),
  ],
});
