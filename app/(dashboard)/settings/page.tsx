import { PageHeader } from "@/components/layout/page-header";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { TableScroll } from "@/components/ui/table-scroll";
import { Time } from "@/components/ui/time";
import { SyncCard } from "../_sync/sync-card";
import Link from "next/link";
import { presentAudit } from "./audit/present";
import { toAuditRow } from "./audit/rows";
import { getDb } from "@/db";
import { listAudit } from "@/db/queries/audit";
import { listOperators } from "@/db/queries/operators";
import { listSyncStatus } from "@/db/queries/sync-status";
import { hasRole } from "@/lib/auth/roles";
import { requireOperator } from "@/lib/auth/require-operator";
import { env } from "@/lib/env";
import { timeZonePlace } from "@/lib/format/time";
import { FORMAT_LOCALE } from "@/lib/i18n/config";
import { getLocale, getT } from "@/lib/i18n/server";
import { availableModes, getMode } from "@/lib/mode";

const th = "px-4 py-2.5 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase";
const td = "px-4 py-2.5 text-sm whitespace-nowrap text-slate-700";

// The Settings card shows the latest few; the whole log, filtered and paged, is at /settings/audit. Each row as the log
// shows it: the operator by name with the e-mail beneath, the action in words with its code beneath (what a search of
// the log or support asks for), the subject in words, linked to its page.
const AUDIT_CARD_ROWS = 10;

export default async function SettingsPage() {
  const operator = await requireOperator("admin");
  const db = getDb();
  const modes = availableModes();
  const [t, locale, currentMode, operators, latest, sync] = await Promise.all([
    getT(),
    getLocale(),
    getMode(),
    listOperators(db),
    listAudit(db, { limit: AUDIT_CARD_ROWS }),
    Promise.all(modes.map(async (mode) => ({ mode, statuses: await listSyncStatus(db, { mode }) }))),
  ]);
  const { PAYMENT_API_URL, DEFAULT_TIME_ZONE, SYNC_INTERVAL_MINUTES, SYNC_REFRESH_MINUTES } = env();
  const time = { locale: FORMAT_LOCALE[locale], timeZone: DEFAULT_TIME_ZONE };
  const audit = latest.map((entry) => presentAudit(toAuditRow(entry), t, currentMode));

  return (
    <>
      <PageHeader title={t("pages.settings.title")} description={t("pages.settings.description")} />
      <div className="space-y-6">
        <Card className="p-4">
          <h2 className="text-sm font-semibold text-slate-900">{t("settings.connection")}</h2>
          <dl className="mt-3 grid gap-4 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-xs text-slate-500">{t("settings.apiUrl")}</dt>
              <dd className="font-mono text-slate-800">{PAYMENT_API_URL}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">{t("settings.modes")}</dt>
              <dd className="mt-1 flex gap-2">
                {modes.length === 0 && t("settings.none")}
                {modes.map((mode) => (
                  <Badge key={mode} tone={mode === "test" ? "warning" : "success"}>
                    {mode === "test" ? t("shell.modeTest") : t("shell.modeLive")}
                  </Badge>
                ))}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">{t("settings.timeZone")}</dt>
              <dd className="text-slate-800" title={DEFAULT_TIME_ZONE}>
                {t("dataTable.timeZone", { name: timeZonePlace(DEFAULT_TIME_ZONE) })}
              </dd>
            </div>
          </dl>
        </Card>
        <Card className="overflow-hidden">
          <div className="border-b border-slate-200 px-4 py-3">
            <h2 className="text-sm font-semibold text-slate-900">{t("settings.operators")}</h2>
            <p className="mt-0.5 text-xs text-slate-500">{t("settings.operatorsHint")}</p>
          </div>
          <TableScroll label={t("settings.operators")}>
            <table className="min-w-full divide-y divide-slate-200">
              <thead className="bg-slate-50">
                <tr>
                  <th className={th}>{t("settings.name")}</th>
                  <th className={th}>{t("settings.email")}</th>
                  <th className={th}>{t("settings.role")}</th>
                  <th className={th}>{t("settings.status")}</th>
                  <th className={th}>{t("settings.lastSignIn")}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {operators.map((operator) => (
                  <tr key={operator.id}>
                    <td className={`${td} font-medium text-slate-900`}>{operator.name}</td>
                    <td className={td}>{operator.email}</td>
                    <td className={td}>{t(`roles.${operator.role}`)}</td>
                    <td className={td}>
                      {operator.disabled ? <Badge tone="danger">{t("settings.disabled")}</Badge> : <Badge tone="success">{t("settings.active")}</Badge>}
                    </td>
                    <td className={td}>{operator.lastSignInAt ? <Time value={operator.lastSignInAt} {...time} /> : t("settings.never")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </Card>


        <SyncCard
          modes={sync}
          canSync={hasRole(operator.role, "operator")}
          t={t}
          format={{ ...time, now: new Date() }}
          intervalMinutes={SYNC_INTERVAL_MINUTES}
          refreshMinutes={SYNC_REFRESH_MINUTES}
        />
        <Card className="overflow-hidden">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-slate-200 px-4 py-3">
            <div>
              <h2 className="text-sm font-semibold text-slate-900">{t("settings.recentAudit")}</h2>
              <p className="mt-0.5 text-xs text-slate-500">{t("settings.auditLatest", { count: AUDIT_CARD_ROWS })}</p>
            </div>
            <Link href="/settings/audit" className="text-sm font-medium text-indigo-700 hover:text-indigo-900 hover:underline">
              {t("settings.auditSeeAll")}
            </Link>
          </div>
          {audit.length === 0 ? (
            <p className="px-4 py-6 text-sm text-slate-500">{t("settings.noAudit")}</p>
          ) : (
            <TableScroll label={t("settings.recentAudit")}>
            <table className="min-w-full divide-y divide-slate-200">
              <thead className="bg-slate-50">
                <tr>
                  <th className={th}>{t("settings.auditAt")}</th>
                  <th className={th}>{t("settings.auditActor")}</th>
                  <th className={th}>{t("settings.auditAction")}</th>
                  <th className={th}>{t("settings.auditSubject")}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {audit.map((entry) => (
                  <tr key={entry.id}>
                    <td className={td}><Time value={entry.at} {...time} /></td>
                    <td className={td}>
                      <span className="block">{entry.who}</span>
                      {entry.whoEmail && <span className="block text-xs text-slate-500">{entry.whoEmail}</span>}
                    </td>
                    <td className={td}>
                      {entry.actionText && <span className="block">{entry.actionText}</span>}
                      <span className="block font-mono text-xs text-slate-500">{entry.action}</span>
                    </td>
                    <td className={td}>
                      {entry.subjectHref ? (
                        <Link href={entry.subjectHref} prefetch={false} className="font-medium text-indigo-700 hover:underline">{entry.subjectText}</Link>
                      ) : (
                        entry.subjectText
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            </TableScroll>
          )}
        </Card>
      </div>
    </>
  );
}
