import { CheckCircle2, TriangleAlert } from "lucide-react";
import { Fragment } from "react";
import { Money } from "@/components/ui/money";
import { cn } from "@/components/ui/cn";
import { TableScroll } from "@/components/ui/table-scroll";
import { formatMoney } from "@/lib/format/money";
import { formatCount } from "@/lib/format/time";
import type { Translator } from "@/lib/i18n/server";
import { addUp, type Bucket, type PeriodFigures } from "@/lib/reconciliation/periods";

// On a phone (below sm) each count goes under its amount instead of in its own column, and the padding narrows. A
// closed period's two amounts each take half the width: the line's name goes on a row of its own above them (shown to
// the eye; a screen reader hears it as the amounts' row header, kept there visually hidden), so amounts of
// ₡99 999 999,99 fit 390 px without scrolling sideways (the box still scrolls when one is wider than that).
const header = "px-2 py-2.5 text-xs font-semibold tracking-wide text-slate-500 uppercase first:pl-4 last:pr-4 sm:px-4";
const th = `${header} text-right`;
const countColumn = "hidden sm:table-cell";
const td = "px-2 py-2 text-right text-sm whitespace-nowrap tabular-nums text-slate-700 last:pr-4 sm:px-4";

type Line = { key: "received" | "confirmed" | "accepted" | "open" | "suggested" | "unmatched" | "accounted"; pick: (f: PeriodFigures) => Bucket; strong?: boolean; indent?: boolean };
const LINES: Line[] = [
  { key: "received", pick: (f) => f.received, strong: true },
  { key: "confirmed", pick: (f) => f.confirmed },
  { key: "accepted", pick: (f) => f.accepted },
  { key: "open", pick: (f) => addUp(f).open },
  { key: "suggested", pick: (f) => f.suggested, indent: true },
  { key: "unmatched", pick: (f) => f.unmatched, indent: true },
  { key: "accounted", pick: (f) => addUp(f).accounted, strong: true },
];

/** The period's figures now, beside those recorded at close when it is closed, and whether they add up. */
export function FiguresTable({ t, figures, atClose, currency, locale }: { t: Translator; figures: PeriodFigures; atClose?: PeriodFigures; currency: string; locale: string }) {
  const cells = (b: Bucket, strong?: boolean) => (
    <>
      <td className={cn(td, countColumn, strong && "font-semibold text-slate-900")}>{formatCount(b.count, locale)}</td>
      <td className={cn(td, strong && "font-semibold text-slate-900")}>
        <Money amount={b.amount} currency={currency} locale={locale} />
        <span className="block text-xs font-normal text-slate-500 sm:hidden" data-testid="count-under-amount">
          {t("reconciliation.count", { count: b.count })}
        </span>
      </td>
    </>
  );
  const total = addUp(figures);
  const stacked = atClose !== undefined;
  return (
    <div>
      <TableScroll label={t("reconciliationClose.figures.title")}>
        <table className="min-w-full divide-y divide-slate-200" aria-label={t("reconciliationClose.figures.title")}>
          <thead>
            {atClose && (
              <tr>
                {/* The corner above the lines' names heads nothing: a cell, not an empty header. */}
                <td />
                {(["now", "atClose"] as const).map((when) => (
                  <Fragment key={when}>
                    <th colSpan={2} className={cn(header, countColumn, "text-center")}>{t(`reconciliationClose.figures.${when}`)}</th>
                    <th className={cn(th, "sm:hidden")}>{t(`reconciliationClose.figures.${when}`)}</th>
                  </Fragment>
                ))}
              </tr>
            )}
            <tr>
              <th className={cn(header, "text-left", stacked && "max-sm:p-0!")}>
                <span className={cn(stacked && "max-sm:sr-only")}>{t("reconciliationClose.figures.line")}</span>
              </th>
              <th className={cn(th, countColumn)}>{t("reconciliationClose.figures.count")}</th>
              <th className={th}>{t("reconciliationClose.figures.amount")}</th>
              {atClose && <th className={cn(th, countColumn)}>{t("reconciliationClose.figures.count")}</th>}
              {atClose && <th className={th}>{t("reconciliationClose.figures.amount")}</th>}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {LINES.map(({ key, pick, strong, indent }) => {
              const name = cn("text-left text-sm font-normal text-slate-700", strong && "font-semibold text-slate-900", indent && "text-slate-500");
              return (
                <Fragment key={key}>
                  {stacked && (
                    <tr aria-hidden className={cn("border-b-0 sm:hidden", strong && "bg-slate-50")}>
                      <td colSpan={5} className={cn(name, "px-4 pt-2", indent && "pl-6")}>
                        {t(`reconciliationClose.figures.${key}`)}
                      </td>
                    </tr>
                  )}
                  <tr data-line={key} className={cn(strong && "bg-slate-50")}>
                    <th scope="row" className={cn(name, "py-2 pr-2 pl-4 sm:px-4", indent && "pl-6 sm:pl-10", stacked && "max-sm:p-0!")}>
                      <span className={cn(stacked && "max-sm:sr-only")}>{t(`reconciliationClose.figures.${key}`)}</span>
                    </th>
                    {cells(pick(figures), strong)}
                    {atClose && cells(pick(atClose), strong)}
                  </tr>
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
      <div role="status" data-testid="add-up" className={cn("flex items-start gap-2 border-t px-4 py-3 text-sm", total.addsUp ? "border-emerald-200 bg-emerald-50 text-emerald-800" : "border-red-200 bg-red-50 text-red-800")}>
        {total.addsUp ? <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" /> : <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />}
        <div>
          <p className="font-medium">
            {total.addsUp
              ? t("reconciliationClose.figures.addsUp")
              : t("reconciliationClose.figures.difference", { amount: formatMoney(total.difference.amount, currency, locale), count: total.difference.count })}
          </p>
          {!total.addsUp && <p className="mt-1 text-red-700">{t("reconciliationClose.figures.differenceHint")}</p>}
        </div>
      </div>
    </div>
  );
}
