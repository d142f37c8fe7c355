import { Scale } from "lucide-react";
import { defineList } from "@/app/(dashboard)/list-declaration";
import { parseMajorAmount } from "@/lib/format/parse-money";
import type { ListStateOf } from "@/lib/list-filters";
import { AGE_BUCKETS, RECONCILIATION_QUEUES } from "@/lib/reconciliation/reasons";
import { reconcileHref } from "./href";
import type { ReconciliationRow } from "./rows";

/** Currencies offered in the filter; a link may name another (the select is open). */
export const RECONCILIATION_CURRENCIES = ["CRC", "USD"] as const;

// The reconciliation queues: one queue at a time (Suggested unless the URL says otherwise), filtered by currency, age,
// sender, amount (major units, as the operator types them) and the transfer's date. Rows lead to the transfer's
// decision page, where its candidates sit side by side.
export const reconciliationList = defineList<ReconciliationRow>()({
  name: "reconciliation",
  words: "reconciliation",
  filters: [
    { kind: "select", key: "queue", values: RECONCILIATION_QUEUES, label: "reconciliation.queue", allLabel: "reconciliation.queueDefault", optionLabel: (queue: (typeof RECONCILIATION_QUEUES)[number]) => `reconciliation.queues.${queue}` as const },
    { kind: "select", key: "currency", values: RECONCILIATION_CURRENCIES, open: true, label: "reconciliation.currency", allLabel: "reconciliation.allCurrencies", optionLabel: (code: string) => `reconciliation.currencies.${code as (typeof RECONCILIATION_CURRENCIES)[number]}` as const },
    { kind: "select", key: "age", values: AGE_BUCKETS, label: "reconciliation.age", allLabel: "reconciliation.allAges", optionLabel: (age: (typeof AGE_BUCKETS)[number]) => `reconciliation.ages.${age}` as const },
    { kind: "text", key: "sender" },
    { kind: "text", key: "amountMin" },
    { kind: "text", key: "amountMax" },
    { kind: "range", labels: { from: "reconciliation.transferFrom", to: "reconciliation.transferTo" } },
  ],
  rowId: (row) => row.id,
  rowHref: (row) => reconcileHref(row.refs[0]!),
  // What a screen reader hears after the row's time: the sender and the reference(s), never the row's internal id.
  rowName: (row) => [row.senderName, row.refs.join(" + ")].filter(Boolean).join(", "),
  skeletonColumns: 6,
  syncedFrom: ["transfers", "payments"],
  nav: { icon: Scale, order: 55 },
});

export type ReconciliationState = ListStateOf<typeof reconciliationList.filters>;

/**
 * An amount filter typed in major units, as minor units of the chosen currency (colones when none: CRC and USD both
 * have two decimals), read by the app's one money parser (lib/format/parse-money.ts), which refuses what could be read
 * two ways; nothing typed → undefined; not an amount → null.
 */
export function amountFilter(text: string | null | undefined, currency?: string | null): number | null | undefined {
  if (!text) return undefined;
  const parsed = parseMajorAmount(text, currency ?? "CRC");
  return parsed.ok ? parsed.minor : null;
}
