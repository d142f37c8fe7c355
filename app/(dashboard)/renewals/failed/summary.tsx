import Link from "next/link";
import { CircleAlert, CircleCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { Money } from "@/components/ui/money";
import type { DailyFailures, FailureTotalsRow } from "@/db/queries/renewal-failures";
import { formatCalendarDay, formatCount } from "@/lib/format/time";
import { listHref } from "@/lib/list-filters";
import type { Translator } from "@/lib/i18n/server";
import { DailyBars, DailyFigures } from "@/app/(dashboard)/_overview/daily-bars";
import { niceTop } from "@/app/(dashboard)/_overview/chart-scale";
import { compareCurrencies } from "@/lib/format/currency-order";
import { failedRenewalsList } from "./list";

// The workspace's figures above the list: money at risk per currency, what came back this month, and 30 days of
// failures and recoveries. Server-rendered: they are read once per page, with the list's first page.

const href = (state: Record<string, string>) => listHref(failedRenewalsList.path, failedRenewalsList.filters, state);
const heading = "text-sm font-semibold text-slate-900";

export function FailureTotals({ totals, t, locale }: { totals: FailureTotalsRow[]; t: Translator; locale: string }) {
  // The app's order of currencies (colones, dollars, the rest by code), as the list's amount order; an unknown one last.
  const ordered = [...totals].sort((a, b) => Number(a.currency === "") - Number(b.currency === "") || compareCurrencies(a.currency, b.currency));
  const atRisk = ordered.filter((row) => row.retrying + row.exhausted > 0);
  const recovered = ordered.filter((row) => row.recovered > 0);
  // A currency's figure: when none of its renewals has an amount yet, which currency is unknown (never ₡0,00, and never
  // two lines alike that say only "unknown").
  const figure = (amount: string, currency: string, priced: boolean) =>
    priced && currency ? <Money amount={BigInt(amount)} currency={currency} locale={locale} /> : currency ? t("failedRenewals.totals.unknownAmount", { currency }) : t("failedRenewals.totals.unknownCurrency");
  return (
    <div className="mb-4 grid gap-4 md:grid-cols-2">
      <TotalsCard id="failed-at-risk" icon={<CircleAlert aria-hidden className="size-4 text-red-600" />} title={t("failedRenewals.totals.title")} hint={t("failedRenewals.totals.hint")} none={atRisk.length === 0 && t("failedRenewals.totals.none")}>
        {atRisk.map((row) => (
          <li key={row.currency} data-currency={row.currency} className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <Link href={href({ currency: row.currency })} className="text-xl font-semibold text-indigo-700 hover:underline" data-testid="at-risk">
              {figure(row.atRisk, row.currency, row.unpriced !== row.retrying + row.exhausted)}
            </Link>
            <span className="text-xs text-slate-600">
              <Link href={href({ currency: row.currency, state: "retrying" })} className="hover:underline">
                {t("failedRenewals.totals.retrying", { count: row.retrying })}
              </Link>
              {" · "}
              <Link href={href({ currency: row.currency, state: "exhausted" })} className="hover:underline">
                {t("failedRenewals.totals.exhausted", { count: row.exhausted })}
              </Link>
              {row.unpriced > 0 && <> · {t("failedRenewals.totals.unpriced", { count: row.unpriced })}</>}
            </span>
          </li>
        ))}
      </TotalsCard>
      <TotalsCard id="failed-recovered" icon={<CircleCheck aria-hidden className="size-4 text-emerald-600" />} title={t("failedRenewals.totals.recoveredTitle")} none={recovered.length === 0 && t("failedRenewals.totals.recoveredNone")}>
        {recovered.map((row) => (
          <li key={row.currency} data-currency={row.currency} className="flex flex-wrap items-baseline gap-x-3">
            <span className="text-xl font-semibold text-emerald-700" data-testid="recovered">
              {figure(row.recoveredAmount, row.currency, row.recoveredUnpriced !== row.recovered)}
            </span>
            <span className="text-xs text-slate-600">
              {row.recoveredUnpriced === row.recovered ? (
                t("failedRenewals.totals.recoveredUnpriced", { count: row.recovered })
              ) : (
                <>
                  {t("failedRenewals.totals.recoveredCount", { count: row.recovered })}
                  {row.recoveredUnpriced > 0 && <> · {t("failedRenewals.totals.unpriced", { count: row.recoveredUnpriced })}</>}
                </>
              )}
            </span>
          </li>
        ))}
      </TotalsCard>
    </div>
  );
}

/** One of the two figure cards: a named region with its icon and title, an optional hint, its list or its empty text. */
function TotalsCard(props: { id: string; icon: ReactNode; title: string; hint?: string; none: string | false; children: ReactNode }) {
  return (
    <Card role="region" aria-labelledby={props.id} className="p-4">
      <div className="flex items-center gap-2">
        {props.icon}
        <h2 id={props.id} className={heading}>
          {props.title}
        </h2>
      </div>
      {props.hint && <p className="mt-1 text-xs text-slate-500">{props.hint}</p>}
      {props.none ? <p className="mt-3 text-sm text-slate-500">{props.none}</p> : <ul className="mt-3 space-y-2">{props.children}</ul>}
    </Card>
  );
}

const FAILED = "fill-red-500";
const RECOVERED = "fill-emerald-500";

/** Failures and recoveries per day, side by side, on one scale of counts. */
export function FailureChart({ days, t, locale }: { days: DailyFailures; t: Translator; locale: string }) {
  const failed = days.reduce((sum, day) => sum + day.failed, 0);
  const recovered = days.reduce((sum, day) => sum + day.recovered, 0);
  const top = niceTop(Math.max(1, ...days.map((day) => Math.max(day.failed, day.recovered))), 0);
  const title = (day: DailyFailures[number]) =>
    `${formatCalendarDay(day.day, locale)}: ${t("failedRenewals.chart.failed")} ${formatCount(day.failed, locale)} · ${t("failedRenewals.chart.recovered")} ${formatCount(day.recovered, locale)}`;
  return (
    <Card role="region" aria-labelledby="failed-chart-caption" className="mb-4 p-4">
      <figure className="min-w-0">
        <figcaption id="failed-chart-caption" className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <span className={heading}>{t("failedRenewals.chart.title")}</span>
          <span className="flex items-center gap-3 text-xs text-slate-600">
            <span className="flex items-center gap-1">
              <span aria-hidden className="size-2.5 rounded-sm bg-red-500" />
              {t("failedRenewals.chart.failed")}: <strong className="tabular-nums">{formatCount(failed, locale)}</strong>
            </span>
            <span className="flex items-center gap-1">
              <span aria-hidden className="size-2.5 rounded-sm bg-emerald-500" />
              {t("failedRenewals.chart.recovered")}: <strong className="tabular-nums">{formatCount(recovered, locale)}</strong>
            </span>
          </span>
        </figcaption>
        <DailyBars
          id="failed-chart"
          label={t("failedRenewals.chart.label")}
          summary={t("failedRenewals.chart.summary", { failed, recovered })}
          top={top}
          locale={locale}
          axis={[top, Number.isInteger(top / 2) ? top / 2 : "", 0]}
          days={days.map((day) => ({ day: day.day, title: title(day), bars: [{ value: day.failed, className: FAILED }, { value: day.recovered, className: RECOVERED }] }))}
        />
        <DailyFigures
          open={t("failedRenewals.chart.figures")}
          label={t("failedRenewals.chart.label")}
          locale={locale}
          headings={[t("failedRenewals.chart.day"), t("failedRenewals.chart.failed"), t("failedRenewals.chart.recovered")]}
          days={days.map((day) => ({ day: day.day, cells: [day.failed, day.recovered] }))}
        />
      </figure>
    </Card>
  );
}
