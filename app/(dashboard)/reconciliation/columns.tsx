"use client";
import { CodeCell, LinesCell } from "@/components/data-table/common-columns";
import { Badge } from "@/components/ui/badge";
import { Money } from "@/components/ui/money";
import { Time } from "@/components/ui/time";
import { createListTable } from "@/app/(dashboard)/list-table";
import { formatPhone } from "@/lib/format/phone";
import { differenceText, reasonText } from "@/lib/reconciliation/reasons-text";
import { strongestFirst } from "@/lib/reconciliation/score";
import { CONFIDENCE_TONE } from "./columns-tones";
import { reconciliationList } from "./list";


/** A queue's table: what arrived, from whom, which payment it may be and why, in the operator's language. */
export const ReconciliationTable = createListTable(reconciliationList, ({ column, head, t, locale, timeZone }) => [
  column.display({
    ...head("transferAt"),
    // The date over the time: the room goes to the reasons.
    cell: ({ row }) => (
      <div className="w-28 leading-tight whitespace-normal">
        <Time value={row.original.transferAt} locale={locale} timeZone={timeZone} inCell />
      </div>
    ),
  }),
  column.display({
    ...head("amount", "end"),
    cell: ({ row }) => {
      const { amount, currency, difference } = row.original;
      return (
        <div className="text-right leading-tight">
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
      // Two lines: the name, then the phone and the reference (or the set's size), the reference in full on hover.
      return (
        <LinesCell
          className="max-w-44"
          first={senderName ?? "—"}
          second={
            <span title={refs.join(" + ")}>
              {senderPhone && <span className="tabular-nums">{formatPhone(senderPhone)} · </span>}
              {refs.length > 1 ? t("reconciliation.set", { count: refs.length }) : <span className="font-mono">{refs[0]}</span>}
            </span>
          }
        />
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
      // Two lines a row, so a day's queue can be worked through: the score and the strongest reason, then the next one
      // and the rest behind a disclosure in the row. The transfer's page lists every reason.
      const [first, second, ...rest] = strongestFirst(reasons).map((reason) =>
        reasonText(reason, t, locale, { names: [senderName], phones: [senderPhone], intentId: paymentIntentId }),
      );
      return (
        // A set width, the reasons cut short within it (whole on hover): the row stays two lines and the queue's six
        // columns fit a 1440 px screen.
        <div className="w-96 text-xs leading-tight text-slate-700">
          <div className="flex items-center gap-2">
            {score !== null && confidence && (
              <Badge tone={CONFIDENCE_TONE[confidence]}>{t("reconciliation.scoreOf", { score, confidence: t(`reconciliation.confidence.${confidence}`) })}</Badge>
            )}
            <span className="truncate" title={first}>{first}</span>
          </div>
          {second !== undefined && (
            // Opened, the disclosure takes a line of its own, its reasons listed under it.
            <div className="mt-0.5 flex items-baseline gap-x-2 has-[details[open]]:flex-wrap">
              <span className="min-w-0 truncate" title={second}>{second}</span>
              {rest.length > 0 && (
                <details className="shrink-0 open:basis-full">
                  <summary className="w-fit cursor-pointer font-medium whitespace-nowrap text-indigo-600 select-none hover:text-indigo-500">
                    {t("reconciliation.moreReasons", { count: rest.length })}
                  </summary>
                  <ul className="mt-0.5 list-inside list-disc whitespace-normal">
                    {rest.map((text, index) => (
                      <li key={index}>{text}</li>
                    ))}
                  </ul>
                </details>
              )}
            </div>
          )}
        </div>
      );
    },
  }),
  // Where the row stands and who decided it, kept in view at the right edge while the reasons scroll under it (from md
  // up, as the failed renewals' follow-up): at 1280 px the column was past the table's edge, behind a sideways scroll.
  column.display({
    ...head("decided", undefined, { sticky: "end" }),
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
