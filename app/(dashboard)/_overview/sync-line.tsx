import "server-only";
import Link from "next/link";
import { Card } from "@/components/ui/card";
import { SyncNowButton } from "../_sync/sync-now-button";
import { SyncProgress } from "../_sync/sync-progress";
import { coverageText, errorText, progressPercent, progressText, relative, type SyncFormat } from "../_sync/sync-text";
import type { Translator } from "@/lib/i18n/server";
import type { SyncStatus } from "@/db/queries/sync-status";
import type { Mode } from "@/lib/env-schema";

// The Overview's figures come from payments and transfers: their coverage is what the line shows.
const SHOWN = ["payments", "transfers"] as const;

/** The Overview's compact sync line: how complete the local copy is, a pass in progress or a stopped one. */
export function SyncLine({ mode, statuses, canSync, canOpenSettings, t, format }: { mode: Mode; statuses: SyncStatus[]; canSync: boolean; canOpenSettings: boolean; t: Translator; format: SyncFormat }) {
  const running = statuses.find((s) => s.phase === "running");
  const failed = statuses.find((s) => s.phase === "failed" && s.lastError);
  const shown = statuses.filter((s) => (SHOWN as readonly string[]).includes(s.resource));
  const completes = shown.map((s) => s.lastCompleteAt).filter((d): d is Date => d !== null);
  // The older of the two: the copy is complete as of then.
  const completeAt = completes.length === shown.length ? new Date(Math.min(...completes.map((d) => d.getTime()))) : null;
  const neverRan = statuses.every((s) => !s.lastRun && !s.lastCompleteAt);
  return (
    <Card role="region" aria-label={t("sync.title")} className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2.5 text-sm">
      <span className="font-medium text-slate-900">{t("sync.line")}</span>
      {neverRan ? (
        <span className="text-slate-600">{t("sync.lineNever")}</span>
      ) : (
        <span className="text-slate-700 tabular-nums">
          {shown.map((s) => coverageText(t, s, format, { noun: true })).join(" · ")}
          {" · "}
          <span className="text-slate-500">{completeAt ? t("sync.completeAt", { when: relative(completeAt, format) }) : t("sync.notComplete")}</span>
        </span>
      )}
      {running && (
        <span className="flex items-center gap-2 text-slate-700">
          {t("sync.lineRunning", { name: t(`sync.resources.${running.resource}`) })}
          <SyncProgress percent={progressPercent(running)} text={progressText(t, running, format)} label={t("sync.progressLabel", { name: t(`sync.resources.${running.resource}`) })} />
        </span>
      )}
      {failed && (
        <span className="basis-full text-xs text-red-700">
          {t("sync.lineFailed")} ({t(`sync.resources.${failed.resource}`)}): {errorText(t, mode, failed.lastError!)}
        </span>
      )}
      <span className="ml-auto flex items-center gap-3">
        {canOpenSettings && (
          <Link href="/settings" className="text-xs font-medium text-indigo-700 hover:underline">
            {t("sync.details")}
          </Link>
        )}
        {canSync && <SyncNowButton mode={mode} />}
      </span>
    </Card>
  );
}
