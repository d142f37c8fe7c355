"use client";
import { CodeCell } from "@/components/data-table/common-columns";
import { Badge } from "@/components/ui/badge";
import { Money } from "@/components/ui/money";
import { Time } from "@/components/ui/time";
import { createListTable } from "@/app/(dashboard)/list-table";
import { formatPhone } from "@/lib/format/phone";
import { differenceText, reasonText } from "@/lib/reconciliation/reasons-text";
import { CONFIDENCE_TONE } from "./columns-tones";
import { reconciliationList } from "./list";


/** A queue's table: what arrived, from whom, which payment it may be and why, in the operator's language. */
export const ReconciliationTable = createListTable(reconciliationList, ({ column, head, t, locale, timeZone }) => [
  column.display({ ...head("transferAt"), cell: ({ row }) => <Time value={row.original.transferAt} locale={locale} timeZone={timeZone} /> }),
  column.display({
    ...head("amount", "end"),
    cell: ({ row }) => {
      const { amount, currency, difference } = row.original;
      return (
        <div className="text-right">
          <Money amount={amount} currency={currency} locale={locale} className="font-medium text-slate-900" />
          {difference !== null && (
            <div className="text-xs font-medium text-amber-700">
              {differenceText(difference, currency, t, locale)}
            </div>
          )}
        </div>
      );
    },
  }),
  column.display({
    ...head("sender"),
    cell: ({ row }) => {
      const { senderName, senderPhone, refs } = row.original;
      return (
        <div className="max-w-56 leading-tight">
          <div className="truncate text-slate-900">{senderName ?? "—"}</div>
          {refs.length > 1 ? (
            <div className="truncate text-xs text-slate-500">{t("reconciliation.set", { count: refs.length })}</div>
          ) : (
            <div className="truncate font-mono text-xs text-slate-500" title={refs[0]}>
              {refs[0]}
            </div>
          )}
          {senderPhone && <div className="truncate text-xs text-slate-500 tabular-nums">{formatPhone(senderPhone)}</div>}
        </div>
      );
    },
  }),
  column.display({
    ...head("intent"),
    cell: ({ row }) => {
      const { paymentIntentId, intentAmount, currency } = row.original;
      if (!paymentIntentId) return <span className="text-slate-500">{t("reconciliation.noIntent")}</span>;
      return (
        <div className="leading-tight">
          <CodeCell value={paymentIntentId} />
          {intentAmount !== null && <Money amount={intentAmount} currency={currency} locale={locale} className="text-xs text-slate-500" />}
        </div>
      );
    },
  }),
  column.display({
    ...head("reasons"),
    cell: ({ row }) => {
      const { reasons, score, confidence, senderName, senderPhone, paymentIntentId } = row.original;
      if (reasons.length === 0) return <span className="text-slate-500">—</span>;
      return (
        <div className="max-w-sm min-w-64 space-y-1 whitespace-normal">
          {score !== null && confidence && (
            <Badge tone={CONFIDENCE_TONE[confidence]}>{t("reconciliation.scoreOf", { score, confidence: t(`reconciliation.confidence.${confidence}`) })}</Badge>
          )}
          <ul className="list-inside list-disc text-xs text-slate-700">
            {reasons.map((reason, index) => (
              <li key={index}>{reasonText(reason, t, locale, { names: [senderName], phones: [senderPhone], intentId: paymentIntentId })}</li>
            ))}
          </ul>
        </div>
      );
    },
  }),
  column.display({
    ...head("decided"),
    cell: ({ row }) => {
      const { rule, decidedBy, decidedAt, note, state } = row.original;
      if (rule === "linked_by_service") return <span className="text-xs text-slate-600">{t("reconciliation.byService")}</span>;
      if (state === "suggested" || state === "unmatched") return <span className="text-xs font-medium text-indigo-600">{t("reconciliation.open")}</span>;
      return (
        <div className="max-w-56 text-xs leading-tight whitespace-normal text-slate-600">
          {decidedBy && decidedAt && <div>{t("reconciliation.decidedBy", { name: decidedBy, when: new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(decidedAt)) })}</div>}
          {note && <div className="truncate italic" title={note}>{note}</div>}
        </div>
      );
    },
  }),
]);
