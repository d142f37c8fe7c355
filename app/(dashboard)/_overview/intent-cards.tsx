import Link from "next/link";
import { LOOK } from "@/components/timeline/timeline";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { Money } from "@/components/ui/money";
import { paymentsHref } from "./links";
import type { OverviewPeriods } from "@/lib/local-days";
import type { OutcomeFigures, PeriodFigures } from "./view";
import type { Translator } from "@/lib/i18n/server";


// The same icon and colour as the outcome's event everywhere else (timelines, events console).
const LOOKS = {
  succeeded: LOOK["payment-intent.succeeded"]!,
  failed: LOOK["payment-intent.failed"]!,
  deferred: LOOK["payment-intent.deferred"]!,
};

function Period({ label, figures, href, t, locale }: { label: string; figures: PeriodFigures; href: string; t: Translator; locale: string }) {
  return (
    <div role="group" aria-label={label} className="min-w-0">
      <p aria-hidden className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</p>
      <Link
        href={href}
        title={t("overview.intents.openList")}
        className={cn("mt-1 block text-lg font-semibold tabular-nums hover:underline", figures.count === 0 ? "text-slate-500" : "text-indigo-700")}
      >
        {t("overview.intents.count", { count: figures.count })}
      </Link>
      <ul className="mt-1 space-y-0.5 text-sm text-slate-800">
        {figures.amounts.map((amount) => (
          <li key={amount.currency}>
            <Money amount={amount.amount} currency={amount.currency} locale={locale} />
          </li>
        ))}
      </ul>
      {figures.unpriced > 0 && <p className="mt-0.5 text-xs text-slate-500">{t("overview.intents.unpriced", { count: figures.unpriced })}</p>}
    </div>
  );
}

/** Succeeded, failed and deferred intents: today and this week, each figure opening the matching payments list. */
export function IntentCards({ outcomes, periods, t, locale }: { outcomes: OutcomeFigures[]; periods: OverviewPeriods; t: Translator; locale: string }) {
  const quietWeek = outcomes.every((o) => o.week.count === 0);
  return (
    <section aria-labelledby="overview-intents">
      <h2 id="overview-intents" className="mb-2 text-sm font-semibold text-slate-900">
        {t("overview.intents.title")}
      </h2>
      {quietWeek && <p className="mb-2 text-sm text-slate-500">{t("overview.intents.empty")}</p>}
      <div className="grid gap-4 md:grid-cols-3">
        {outcomes.map(({ outcome, today, week }) => {
          const look = LOOKS[outcome];
          const Icon = look.icon;
          return (
            <Card key={outcome} role="region" className="@container p-4" aria-labelledby={`overview-${outcome}`}>
              <div className="flex items-center gap-2">
                <span className={cn("grid size-7 shrink-0 place-items-center rounded-full", look.tone)}>
                  <Icon aria-hidden className="size-4" />
                </span>
                <h3 id={`overview-${outcome}`} className="text-sm font-semibold text-slate-900">
                  {t(`overview.intents.${outcome}`)}
                </h3>
              </div>
              <p className="mt-1 text-xs text-slate-500">{t(`overview.intents.${outcome}Hint`)}</p>
              {/* Side by side when the card has room (phones have it, three cards abreast at 1024 px do not). */}
              <div className="mt-3 grid gap-4 @2xs:grid-cols-2">
                <Period label={t("overview.today")} figures={today} href={paymentsHref(outcome, periods.today)} t={t} locale={locale} />
                <Period label={t("overview.week")} figures={week} href={paymentsHref(outcome, periods.week)} t={t} locale={locale} />
              </div>
            </Card>
          );
        })}
      </div>
    </section>
  );
}
