import "server-only";
import { listPeriodPairs, type PeriodPair } from "@/db/queries/reconciliation-close";
import { defineExport, EXPORT_PAGE_SIZE } from "@/lib/export/define";
import { formatPhone } from "@/lib/format/phone";
import { periodOf, type PeriodParams } from "@/lib/reconciliation/periods";
import { parseCloseSearchParams, type CloseSearchParams } from "./search-params";

// The accountant's CSV of a period (/reconciliation/close/export?kind&date&currency): one row per transfer whose money
// arrived in it, with the intent it paid (or why none), amounts, the rule or the operator's decision, who and when.
// Through the list exports' machinery (lib/export): same money and time columns, same lease, same incomplete marker.

const cursorOf = (pair: PeriodPair) => `${pair.paidAt.toISOString()}|${pair.ref}`;

export const periodPairsExport = (today: string) =>
  defineExport<CloseSearchParams, PeriodPair, PeriodPair>({
    parse: (query) => parseCloseSearchParams(Object.fromEntries(query.entries()), today),
    check: (state) => (state.ok ? undefined : state.fields[0]),
    filters: (state) => (state.ok ? { ...state.params } : {}),
    fetchPage: async ({ db, mode, timeZone }, state, cursor) => {
      const { kind, date, currency } = (state as { params: PeriodParams }).params;
      const period = periodOf(kind, date, timeZone);
      const [at, ref] = cursor ? cursor.split("|") : [];
      const rows = await listPeriodPairs(db(), { mode, currency, start: period.start, end: period.end }, { limit: EXPORT_PAGE_SIZE + 1, after: at && ref ? { at, ref } : undefined });
      const items = rows.slice(0, EXPORT_PAGE_SIZE);
      return { items, next: rows.length > EXPORT_PAGE_SIZE ? cursorOf(items.at(-1)!) : undefined };
    },
    toRow: (pair) => pair,
    columns: (kit, t) => {
      const h = (key: string) => t(`reconciliationClose.csv.${key}` as Parameters<typeof t>[0]);
      return [
        kit.text(h("reference"), (r) => r.ref),
        kit.time(h("paidAt"), (r) => r.paidAt),
        kit.text(h("sender"), (r) => r.senderName),
        // As written on the transfer, in the app's one way of writing a phone (only SINPE's webhook carries it).
        kit.text(h("senderPhone"), (r) => (r.senderPhone ? formatPhone(r.senderPhone) : null)),
        kit.money(h("amount"), h("currency"), (r) => ({ amount: r.amount, currency: r.currency })),
        kit.text(h("status"), (r) => t(`reconciliationClose.states.${r.status}`)),
        kit.text(h("intent"), (r) => r.paymentIntentId),
        // In the transfers' currency (the amount's column names it), once per decision: on a set's first transfer only,
        // so the column sums to what the payments were worth, not once per transfer of a split payment.
        kit.moneyAmount(h("intentAmount"), (r) => (r.intentAmount === null || !r.firstOfSet ? null : { amount: r.intentAmount, currency: r.currency })),
        kit.text(h("rule"), (r) => (r.rule ? t(`reconciliationClose.rules.${r.rule as "manual"}`) : null)),
        kit.number(h("match"), (r) => r.matchId),
        kit.number(h("setSize"), (r) => r.setSize),
        kit.text(h("decidedBy"), (r) => r.decidedBy),
        kit.time(h("decidedAt"), (r) => r.decidedAt),
        kit.text(h("note"), (r) => r.note),
      ];
    },
  });
