import { ChevronLeft, ChevronRight, Download, TriangleAlert } from "lucide-react";
import Link from "next/link";
import { PageHeader } from "@/components/layout/page-header";
import { BackLink } from "@/components/ui/back-link";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { requireOperator } from "@/lib/auth/require-operator";
import { env } from "@/lib/env";
import { formatCalendarDay, formatDateTime, formatUtc, timeZonePlace } from "@/lib/format/time";
import { FORMAT_LOCALE } from "@/lib/i18n/config";
import { getLocale, getT, type Translator } from "@/lib/i18n/server";
import { getMode } from "@/lib/mode";
import { sameFigures, shiftPeriod, type Period } from "@/lib/reconciliation/periods";
import { localDay } from "@/lib/local-days";
import { CloseButton, ReopenForm } from "./close-controls";
import { loadPeriodClose } from "./data";
import { FiguresTable } from "./figures-table";
import { LaterChanges } from "./later-changes";
import { PeriodPicker } from "./period-picker";
import { closeHref, parseCloseSearchParams } from "./search-params";

// GET /reconciliation/close — a period's SINPE money and where each transfer stands, its close and what changed after.

function periodLabel(period: Pick<Period, "kind" | "from" | "to">, locale: string, t: Translator): string {
  if (period.kind === "day") return formatCalendarDay(period.from, locale, { dateStyle: "full" });
  if (period.kind === "month") return formatCalendarDay(period.from, locale, { month: "long", year: "numeric" });
  const day = (d: string) => formatCalendarDay(d, locale, { dateStyle: "medium" });
  return t("reconciliationClose.period", { from: day(period.from), to: day(period.to) });
}

export default async function PeriodClosePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireOperator("viewer");
  const [t, locale, mode, query] = await Promise.all([getT(), getLocale(), getMode(), searchParams]);
  const timeZone = env().DEFAULT_TIME_ZONE;
  const today = localDay(new Date(), timeZone);
  const format = FORMAT_LOCALE[locale];
  const parsed = parseCloseSearchParams(query, today);
  const back = <BackLink href="/reconciliation">{t("reconciliationClose.back")}</BackLink>;
  const header = <PageHeader title={t("reconciliationClose.title")} description={t("reconciliationClose.description", { zone: timeZonePlace(timeZone) })} actions={back} />;

  if (!parsed.ok) {
    return (
      <>
        {header}
        <Card role="alert" className="p-4 ring-red-200">
          <h2 className="flex items-center gap-2 text-sm font-semibold text-red-800">
            <TriangleAlert aria-hidden className="size-4" />
            {t("reconciliationClose.invalid.title")}
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-6 text-sm text-slate-700">
            {parsed.fields.map((field) => (
              <li key={field}>{t(`reconciliationClose.invalid.${field}`)}</li>
            ))}
          </ul>
          <Link href={closeHref({ kind: "day", date: today, currency: "CRC" })} className="mt-3 inline-block text-sm font-medium text-indigo-700 hover:underline">
            {t("reconciliationClose.invalid.reset")}
          </Link>
        </Card>
      </>
    );
  }

  const { params } = parsed;
  const data = await loadPeriodClose(mode, params, timeZone);
  const label = periodLabel(data.period, format, t);
  // No arrow past the years a day may have (lib/calendar-day).
  const step = (by: -1 | 1) => {
    const next = shiftPeriod(data.period, by, timeZone);
    return next && closeHref({ ...params, date: next.from });
  };
  const [previous, next] = [step(-1), step(1)];
  const time = { locale: format, timeZone };
  const earlier = data.closures.filter((c) => c.reopenedAt);

  return (
    <>
      {header}
      <div className="space-y-6">
        <Card className="p-4">
          <PeriodPicker t={t} params={params} />
        </Card>

        <Card>
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
            <div className="flex items-center gap-2">
              {previous && (
                <Link href={previous} aria-label={t("reconciliationClose.picker.previous")} title={t("reconciliationClose.picker.previous")} className="rounded p-1 text-slate-500 hover:bg-slate-100">
                  <ChevronLeft aria-hidden className="size-4" />
                </Link>
              )}
              <h2 className="text-base font-semibold text-slate-900">
                {label} · {params.currency}
              </h2>
              {next && (
                <Link href={next} aria-label={t("reconciliationClose.picker.next")} title={t("reconciliationClose.picker.next")} className="rounded p-1 text-slate-500 hover:bg-slate-100">
                  <ChevronRight aria-hidden className="size-4" />
                </Link>
              )}
              {data.standing ? <Badge tone="info">{t("reconciliationClose.laterChanges.flagged")}</Badge> : null}
            </div>
            <a href={closeHref(params, "/reconciliation/close/export")} download className="inline-flex items-center gap-1.5 text-sm font-medium text-indigo-700 hover:underline" title={t("reconciliationClose.csv.hint")}>
              <Download aria-hidden className="size-4" />
              {t("reconciliationClose.csv.download")}
            </a>
          </div>
          <FiguresTable t={t} figures={data.figures} atClose={data.standing?.figures} currency={params.currency} locale={format} />
        </Card>

        <Card className="space-y-3 p-4" data-testid="close-status">
          {data.standing ? (
            <p className="text-sm font-medium text-slate-800" title={formatUtc(data.standing.closedAt)}>
              {t("reconciliationClose.status.closed", { name: data.standing.closedBy.name, when: formatDateTime(data.standing.closedAt, format, timeZone) })}
            </p>
          ) : (
            <p className="text-sm text-slate-800">{t("reconciliationClose.status.open")}</p>
          )}
          {data.covering.map((c) => (
            <p key={c.id} className="text-sm text-slate-600">
              {t("reconciliationClose.status.covered", { kind: t(`reconciliationClose.kinds.${c.kind}`), from: c.fromDay, to: c.toDay, name: c.closedBy.name })}
            </p>
          ))}
          {data.standing && !sameFigures(data.standing.figures, data.figures) && <p className="text-sm font-medium text-amber-800">{t("reconciliationClose.figures.changedSinceClose")}</p>}
          {!data.ended && <p className="text-sm text-amber-800">{t("reconciliationClose.status.notEnded")}</p>}
          {data.canClose ? (
            data.standing ? <ReopenForm closureId={data.standing.id} /> : <CloseButton params={params} periodLabel={`${label} · ${params.currency}`} open={{ suggested: data.figures.suggested.count, unmatched: data.figures.unmatched.count }} />
          ) : (
            <p className="text-xs text-slate-500">{t("reconciliationClose.status.viewerNote")}</p>
          )}
          {earlier.length > 0 && (
            <div>
              <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t("reconciliationClose.status.history")}</h3>
              <ul className="mt-1 space-y-1 text-sm text-slate-600">
                {earlier.map((c) => (
                  <li key={c.id}>
                    {t("reconciliationClose.status.reopened", {
                      name: c.closedBy.name,
                      by: c.reopenedBy?.name ?? "",
                      note: c.reopenNote ?? "",
                      when: formatDateTime(c.closedAt, format, timeZone),
                      reopenedAt: formatDateTime(c.reopenedAt!, format, timeZone),
                    })}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </Card>

        {data.standing && <LaterChanges t={t} changes={data.laterChanges} time={time} />}
      </div>
    </>
  );
}
