import { ClientMessages } from "@/components/client-messages";
import { PageHeader } from "@/components/layout/page-header";
import { Notice } from "@/components/detail/notice";
import { formatCalendarDay, timeZonePlace } from "@/lib/format/time";
import { FORMAT_LOCALE } from "@/lib/i18n/config";
import { getLocale, getT } from "@/lib/i18n/server";
import { RenewalsCard, TransfersCard } from "./_overview/attention-cards";
import { loadOverview } from "./_overview/data";
import { IntentCards } from "./_overview/intent-cards";
import { LatestEvents } from "./_overview/latest-events";
import { VolumeSection } from "./_overview/volume-section";
import Link from "next/link";
import { SyncLine } from "./_sync/sync-line";
import { SyncNowButton } from "./_sync/sync-now-button";
import { coverageText, keySetting } from "./_sync/sync-text";
import { SYNC_NOW_MESSAGES } from "@/lib/i18n/client-messages";

// GET / — the Overview: today's and this week's payments, money and renewals waiting for someone, the latest events
// and 30 days of volume, all from the local read models the sync and the webhooks feed (no call to the Payment Service).
export default async function OverviewPage() {
  const [overview, t, lang] = await Promise.all([loadOverview(), getT(), getLocale()]);
  const locale = FORMAT_LOCALE[lang];
  const format = { locale, timeZone: overview.timeZone };
  const today = formatCalendarDay(overview.periods.today.from, locale, { dateStyle: "full" });
  const syncFormat = { ...format, now: new Date() };
  // What is true of this mode's data: synced (payments and transfers copied completely), webhooks arriving, both, or neither.
  const copied = overview.sync?.filter((s) => s.resource === "payments" || s.resource === "transfers") ?? [];
  const synced = copied.length === 2 && copied.every((s) => s.lastCompleteAt !== null);
  const webhooks = overview.events.length > 0;
  const hook = { name: `/api/webhooks/${overview.mode}`, type: `WEBHOOK_SECRET_${overview.mode.toUpperCase()}` };

  return (
    <>
      <PageHeader title={t("pages.overview.title")} description={t("overview.period", { when: today, name: timeZonePlace(overview.timeZone) })} />
      {synced && !webhooks && (
        <Notice tone="info" title={t("overview.syncedNoWebhooks.title")}>
          {t("overview.syncedNoWebhooks.body", { ...hook, coverage: copied.map((s) => coverageText(t, s, syncFormat, { noun: true })).join(", ") })}
        </Notice>
      )}
      {!synced && !webhooks && (
        <Notice tone="warning" title={t("overview.nothing.title")}>
          {t("overview.nothing.body", { ...hook, key: keySetting(overview.mode) })}
        </Notice>
      )}
      {overview.sync && (
        // Its "Sync now" button is the page's only client component: it gets the few keys it shows.
        <ClientMessages namespaces={[...SYNC_NOW_MESSAGES]}>
          <SyncLine
            mode={overview.mode}
            shown={copied}
            watched={overview.sync}
            label={t("sync.line")}
            coverage
            actions={
              <>
                {overview.canOpenSettings && (
                  <Link href="/settings" className="text-xs font-medium text-indigo-700 hover:underline">
                    {t("sync.details")}
                  </Link>
                )}
                {overview.canSync && <SyncNowButton mode={overview.mode} />}
              </>
            }
            t={t}
            format={syncFormat}
          />
        </ClientMessages>
      )}
      <div className="space-y-6">
        <IntentCards outcomes={overview.outcomes} periods={overview.periods} t={t} locale={locale} />
        <div className="grid gap-4 md:grid-cols-2">
          <TransfersCard transfers={overview.transfers} t={t} format={format} />
          <RenewalsCard renewals={overview.renewals} t={t} format={format} />
        </div>
        <div className="grid gap-6 xl:grid-cols-5">
          <div className="min-w-0 xl:col-span-3">
            <VolumeSection volume={overview.volume} t={t} locale={locale} />
          </div>
          <div className="min-w-0 xl:col-span-2">
            <LatestEvents events={overview.events} t={t} format={format} />
          </div>
        </div>
        <p className="text-xs text-slate-500">{t("overview.source")}</p>
      </div>
    </>
  );
}
