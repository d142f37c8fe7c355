import Link from "next/link";
import { Money } from "@/components/ui/money";
import { formatMoney, formatMoneyCompact, minorUnitDigits } from "@/lib/format/money";
import { formatCalendarDay } from "@/lib/format/time";
import { barHeight, niceTop } from "./chart-scale";
import { paymentsHref } from "./links";
import type { CurrencySeries } from "./view";
import type { Translator } from "@/lib/i18n/server";


// Server-rendered SVG, no chart library and no client JavaScript. The SVG stretches to its box (preserveAspectRatio
// none) and holds no text, so nothing in it is distorted; the labels around it are HTML and wrap like text. Each day's
// link over the bars has the day's figures as its hover; the figures are also in a table for screen readers and for
// reading off exact amounts.

const SLOT = 10; // Each day's width in SVG units; the bar leaves a gap of 2.
const short = (day: string, locale: string) => formatCalendarDay(day, locale, { day: "numeric", month: "short" });

/** One currency's 30 days: total, scale, bars with hovers, and the table of figures behind them. */
export function VolumeChart({ series, t, locale }: { series: CurrencySeries; t: Translator; locale: string }) {
  const { currency, points, peak } = series;
  const top = niceTop(Number(peak.amount), minorUnitDigits(currency));
  const id = `volume-${currency}`;
  const label = t("overview.volume.chartLabel", { name: currency });
  const summary = `${t("overview.volume.total")}: ${formatMoney(series.total, currency, locale)} · ${t("overview.intents.count", { count: series.count })}. ${t(
    "overview.volume.peak",
    { when: `${formatCalendarDay(peak.day, locale)}, ${formatMoney(peak.amount, currency, locale)}` },
  )}`;
  const first = points[0]!.day;
  const last = points.at(-1)!.day;

  return (
    <figure className="min-w-0" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span className="text-sm font-semibold text-slate-900">{currency}</span>
        <span className="text-xs text-slate-500">
          {t("overview.volume.total")}: <Money amount={series.total} currency={currency} locale={locale} className="font-medium text-slate-900" /> ·{" "}
          {t("overview.intents.count", { count: series.count })}
        </span>
      </figcaption>
      <div className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
        <div aria-hidden className="flex h-32 flex-col justify-between text-right text-[11px] leading-none text-slate-500 tabular-nums">
          <span>{formatMoneyCompact(top, currency, locale)}</span>
          <span>{Number.isInteger(top / 2) ? formatMoneyCompact(top / 2, currency, locale) : ""}</span>
          <span>{formatMoneyCompact(0, currency, locale)}</span>
        </div>
        {/* The picture (role="img", nothing inside it interactive) and, over it, one link per day: a click on a day
            opens its payments. The links are for the pointer; the table below has the same ones for the keyboard and
            screen readers, so these are hidden from both. */}
        <div className="relative h-32">
          <svg
            role="img"
            aria-labelledby={`${id}-title ${id}-desc`}
            viewBox={`0 0 ${points.length * SLOT} 100`}
            preserveAspectRatio="none"
            className="h-full w-full overflow-visible"
          >
            <title id={`${id}-title`}>{label}</title>
            <desc id={`${id}-desc`}>{summary}</desc>
            {[0, 50, 100].map((y) => (
              <line key={y} x1={0} x2={points.length * SLOT} y1={y} y2={y} vectorEffect="non-scaling-stroke" className="stroke-slate-200" strokeWidth={1} />
            ))}
            {/* Today's column is shaded: it is not over yet, and an empty today should not read as a missing day. */}
            <rect x={(points.length - 1) * SLOT} y={0} width={SLOT} height={100} className="fill-slate-100" />
            {points.map((point, i) => {
              const height = barHeight(Number(point.amount), top);
              return <rect key={point.day} x={i * SLOT + 1} y={100 - height} width={SLOT - 2} height={height} className="fill-indigo-500" />;
            })}
          </svg>
          {/* The whole column answers the hover, so a short bar is as easy to point at as a tall one. */}
          <div aria-hidden className="absolute inset-0 flex">
            {points.map((point) => (
              <a
                key={point.day}
                href={paymentsHref("succeeded", { from: point.day, to: point.day })}
                tabIndex={-1}
                title={`${formatCalendarDay(point.day, locale)}: ${formatMoney(point.amount, currency, locale)} · ${t("overview.intents.count", { count: point.count })}`}
                className="flex-1 hover:bg-indigo-900/10"
              />
            ))}
          </div>
        </div>
        <div aria-hidden className="col-start-2 mt-1 flex justify-between text-[11px] text-slate-500">
          <span>{short(first, locale)}</span>
          <span>{short(last, locale)}</span>
        </div>
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-xs font-medium text-indigo-600 hover:text-indigo-500">{t("overview.volume.figures")}</summary>
        <div className="mt-2 max-h-64 overflow-y-auto">
          <table className="w-full text-xs">
            <caption className="sr-only">{label}</caption>
            <thead className="text-left text-slate-500">
              <tr>
                <th scope="col" className="py-1 font-medium">{t("overview.volume.day")}</th>
                <th scope="col" className="py-1 text-right font-medium">{t("overview.volume.payments")}</th>
                <th scope="col" className="py-1 text-right font-medium">{t("overview.volume.amount")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 text-slate-700">
              {points.map((point) => (
                <tr key={point.day} data-day={point.day}>
                  <th scope="row" className="py-1 text-left font-normal">
                    <Link href={paymentsHref("succeeded", { from: point.day, to: point.day })} className="text-indigo-700 hover:underline">
                      {formatCalendarDay(point.day, locale)}
                    </Link>
                  </th>
                  <td className="py-1 text-right tabular-nums">{point.count}</td>
                  <td className="py-1 text-right">
                    <Money amount={point.amount} currency={currency} locale={locale} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
