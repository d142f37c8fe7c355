import { Money } from "@/components/ui/money";
import { formatMoney, formatMoneyCompact, minorUnitDigits } from "@/lib/format/money";
import { formatCalendarDay } from "@/lib/format/time";
import { niceTop } from "./chart-scale";
import { DailyBars, DailyFigures } from "./daily-bars";
import { paymentsHref } from "./links";
import type { CurrencySeries } from "./view";
import type { Translator } from "@/lib/i18n/server";


// One currency's bars (DailyBars), with its total above and its figures in a table below.

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

  return (
    <figure className="min-w-0" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span className="text-sm font-semibold text-slate-900">{currency}</span>
        <span className="text-xs text-slate-500">
          {t("overview.volume.total")}: <Money amount={series.total} currency={currency} locale={locale} className="font-medium text-slate-900" /> ·{" "}
          {t("overview.intents.count", { count: series.count })}
        </span>
      </figcaption>
      <DailyBars
        id={id}
        label={label}
        summary={summary}
        top={top}
        locale={locale}
        axis={[formatMoneyCompact(top, currency, locale), Number.isInteger(top / 2) ? formatMoneyCompact(top / 2, currency, locale) : "", formatMoneyCompact(0, currency, locale)]}
        days={points.map((point) => ({
          day: point.day,
          href: paymentsHref("succeeded", { from: point.day, to: point.day }),
          title: `${formatCalendarDay(point.day, locale)}: ${formatMoney(point.amount, currency, locale)} · ${t("overview.intents.count", { count: point.count })}`,
          bars: [{ value: Number(point.amount), className: "fill-indigo-500" }],
        }))}
      />
      <DailyFigures
        open={t("overview.volume.figures")}
        label={label}
        locale={locale}
        headings={[t("overview.volume.day"), t("overview.volume.payments"), t("overview.volume.amount")]}
        days={points.map((point) => ({
          day: point.day,
          href: paymentsHref("succeeded", { from: point.day, to: point.day }),
          cells: [point.count, <Money key="amount" amount={point.amount} currency={currency} locale={locale} />],
        }))}
      />
    </figure>
  );
}
