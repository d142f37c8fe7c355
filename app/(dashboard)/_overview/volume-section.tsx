import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { formatMoney } from "@/lib/format/money";
import type { CurrencySeries } from "./view";
import { VolumeChart } from "./volume-chart";
import type { Translator } from "@/lib/i18n/server";


/**
 * Daily succeeded volume, one chart per main currency: colones and dollars differ by a factor of ~500, so on a shared
 * axis the dollars would be a flat line.
 */
export function VolumeSection({ volume, t, locale }: { volume: { charted: CurrencySeries[]; others: CurrencySeries[] }; t: Translator; locale: string }) {
  const { charted, others } = volume;
  return (
    <Card role="region" aria-labelledby="overview-volume" className="p-4">
      <h2 id="overview-volume" className="text-sm font-semibold text-slate-900">
        {t("overview.volume.title")}
      </h2>
      <p className="mt-1 text-xs text-slate-500">{t("overview.volume.hint")}</p>
      {charted.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500">{t("overview.volume.empty")}</p>
      ) : (
        <div className={cn("mt-4 grid gap-x-8 gap-y-6", charted.length > 1 && "sm:grid-cols-2")}>
          {charted.map((series) => (
            <VolumeChart key={series.currency} series={series} t={t} locale={locale} />
          ))}
        </div>
      )}
      {others.length > 0 && (
        <p className="mt-4 text-xs text-slate-500">
          {t("overview.volume.others")}{" "}
          {others.map((s) => `${formatMoney(s.total, s.currency, locale)} (${t("overview.intents.count", { count: s.count })})`).join(" · ")}
        </p>
      )}
    </Card>
  );
}
