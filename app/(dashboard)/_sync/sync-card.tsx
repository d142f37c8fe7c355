import "server-only";
import { Fragment } from "react";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { formatUtc } from "@/lib/format/time";
import type { SyncStatus } from "@/db/queries/sync-status";
import type { Mode } from "@/lib/env-schema";
import { SyncNowButton } from "./sync-now-button";
import { SyncProgress } from "./sync-progress";
import { coverageText, errorText, lastRunText, progressPercent, progressText, relative, stateOf, type SyncFormat } from "./sync-text";
import type { Translator } from "@/lib/i18n/server";

const th = "px-4 py-2.5 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase";
const td = "px-4 py-2.5 align-top text-sm text-slate-700";
const TONES = { idle: "success", running: "info", failed: "danger", never: "neutral" } as const;

const errorId = (mode: Mode, resource: string) => `sync-error-${mode}-${resource}`;

export type ModeSync = { mode: Mode; statuses: SyncStatus[] };

/** Settings' Data sync card: per mode with a key and per resource, the state, the local copy's coverage and the last run. */
export function SyncCard(props: { modes: ModeSync[]; canSync: boolean; t: Translator; format: SyncFormat; intervalMinutes: number; refreshMinutes: number }) {
  const { t, format } = props;
  return (
    <Card role="region" aria-labelledby="sync-card-title" className="overflow-hidden">
      <div className="border-b border-slate-200 px-4 py-3">
        <h2 id="sync-card-title" className="text-sm font-semibold text-slate-900">
          {t("sync.title")}
        </h2>
        <p className="mt-0.5 text-xs text-slate-500">
          {t("sync.hint", { minutes: props.intervalMinutes, refresh: t("sync.minutes", { count: props.refreshMinutes }) })}
        </p>
      </div>
      {props.modes.length === 0 && <p className="px-4 py-6 text-sm text-slate-500">{t("sync.noModes")}</p>}
      {props.modes.map(({ mode, statuses }) => {
        const modeName = mode === "test" ? t("shell.modeTest") : t("shell.modeLive");
        return (
          <section key={mode} aria-label={modeName} className="border-b border-slate-200 last:border-b-0">
            <div className="flex flex-wrap items-center justify-between gap-2 bg-slate-50 px-4 py-2">
              <Badge tone={mode === "test" ? "warning" : "success"}>{modeName}</Badge>
              {props.canSync && <SyncNowButton mode={mode} />}
            </div>
            <div className="relative overflow-x-auto">
              <table className="min-w-full divide-y divide-slate-200">
                <thead>
                  <tr>
                    <th className={th}>{t("sync.resourceColumn")}</th>
                    <th className={th}>{t("sync.stateColumn")}</th>
                    <th className={th}>{t("sync.coverageColumn")}</th>
                    <th className={th}>{t("sync.lastRunColumn")}</th>
                    {props.canSync && <th className={th}><span className="sr-only">{t("sync.syncNow")}</span></th>}
                  </tr>
                </thead>
                <tbody>
                  {statuses.map((status) => {
                    const name = t(`sync.resources.${status.resource}`);
                    const state = stateOf(status);
                    const error = state === "failed" && status.lastError ? errorText(t, mode, status.lastError) : null;
                    return (
                      <Fragment key={status.resource}>
                        <tr className="border-t border-slate-100">
                          <th scope="row" className={`${td} text-left font-medium whitespace-nowrap text-slate-900`}>{name}</th>
                          <td className={`${td} whitespace-nowrap`}>
                            <span aria-describedby={error ? errorId(mode, status.resource) : undefined}>
                              <Badge tone={TONES[state]}>{t(`sync.state.${state}`)}</Badge>
                            </span>
                            {state === "running" && <SyncProgress percent={progressPercent(status)} text={progressText(t, status, format)} label={t("sync.progressLabel", { name })} />}
                          </td>
                          <td className={`${td} whitespace-nowrap`}>
                            <span className="tabular-nums">{coverageText(t, status, format)}</span>
                            <p className="text-xs text-slate-500">
                              {status.lastCompleteAt ? (
                                <time dateTime={status.lastCompleteAt.toISOString()} title={formatUtc(status.lastCompleteAt)}>
                                  {t("sync.completeAt", { when: relative(status.lastCompleteAt, format) })}
                                </time>
                              ) : (
                                t("sync.notComplete")
                              )}
                            </p>
                          </td>
                          <td className={td}>{lastRunText(t, status, format)}</td>
                          {props.canSync && (
                            <td className={`${td} text-right`}>
                              <SyncNowButton mode={mode} resource={status.resource} label={t("sync.syncNowOne", { name })} compact />
                            </td>
                          )}
                        </tr>
                        {/* The explanation under its row, across the table: in the state column it made a tall, narrow block. */}
                        {error && (
                          <tr>
                            <td id={errorId(mode, status.resource)} colSpan={props.canSync ? 5 : 4} className="px-4 pt-0 pb-3 text-xs text-red-700">
                              {error}
                            </td>
                          </tr>
                        )}
                      </Fragment>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </section>
        );
      })}
    </Card>
  );
}
