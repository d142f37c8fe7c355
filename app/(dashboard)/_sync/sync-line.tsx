import "server-only";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { formatDateTime, formatUtc } from "@/lib/format/time";
import type { Translator } from "@/lib/i18n/server";
import { freshAt, type SyncStatus } from "@/db/queries/sync-status";
import type { Mode } from "@/lib/env-schema";
import { SyncProgress } from "./sync-progress";
import { ago, coverageText, errorText, progressPercent, progressText, type SyncFormat } from "./sync-text";

type SyncLineProps = {
  mode: Mode;
  /** The resources the line speaks for: how fresh their copy is (and how complete, with `coverage`). */
  shown: SyncStatus[];
  /** Whose pass in progress or stopped pass the line reports: the shown ones unless said (the Overview reports any). */
  watched?: SyncStatus[];
  label: string;
  /** Local rows beside the service's total, per resource (the Overview's figures). */
  coverage?: boolean;
  actions?: ReactNode;
  /** A card of its own (the Overview) or a line of text under a list's title. */
  variant?: "card" | "note";
  t: Translator;
  format: SyncFormat;
};

/**
 * One line about the local copy: "Copia local de cuentas conectadas · al día hace 3 minutos", a pass in progress
 * ("Sincronizando… 40 de 60"), a stopped one with its error explained, or no complete copy yet. The time is the end of
 * the last successful complete pass (db/queries/sync-status.ts, copyFreshAt), so a later failure says "stopped" beside
 * how old the copy it left is. The Overview's card and the lists' line (SyncedNote) are this one component.
 */
export function SyncLine({ mode, shown, watched = shown, label, coverage = false, actions, variant = "card", t, format }: SyncLineProps) {
  const named = watched.length > 1;
  const running = watched.find((s) => s.phase === "running");
  const failed = watched.find((s) => s.phase === "failed" && s.lastError);
  const fresh = freshAt(shown);
  const neverRan = watched.every((s) => !s.lastRun && !s.lastCompleteAt);
  const name = (s: SyncStatus) => t(`sync.of.${s.resource}`);
  const parts = [
    <span key="label" className="font-medium text-slate-900">
      {label}
    </span>,
    coverage && neverRan ? (
      <span key="never" className="text-slate-600">
        {t("sync.lineNever")}
      </span>
    ) : (
      <span key="fresh" className="text-slate-700 tabular-nums">
        {coverage && `${shown.map((s) => coverageText(t, s, format, { noun: true })).join(" · ")} · `}
        {fresh ? (
          <time dateTime={fresh.toISOString()} title={`${formatDateTime(fresh, format.locale, format.timeZone)} (${formatUtc(fresh)})`} className="text-slate-600">
            {t("sync.note.fresh", { when: ago(fresh, format) })}
          </time>
        ) : (
          <span className="text-slate-600">{t("sync.notComplete")}</span>
        )}
      </span>
    ),
    running && (
      <span key="running" className="flex items-center gap-2 text-slate-700">
        <SyncProgress
          percent={progressPercent(running)}
          text={t(named ? "sync.note.runningNamed" : "sync.note.running", { progress: progressText(t, running, format), name: name(running) })}
          label={t("sync.progressLabel", { name: t(`sync.resources.${running.resource}`) })}
        />
      </span>
    ),
    failed && (
      <span key="failed" className={variant === "card" ? "basis-full text-xs text-red-700" : "text-red-700"}>
        {t(named ? "sync.note.stoppedNamed" : "sync.note.stopped", { error: errorText(t, mode, failed.lastError!), name: name(failed) })}
      </span>
    ),
  ].filter(Boolean);
  if (variant === "note") {
    return (
      // A line under the title, its parts apart by a middle dot that is text (copied with it) and wraps with the part after it.
      <div data-testid="synced-note" className="mb-3 flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm">
        {parts.map((part, index) =>
          index === 0 ? (
            part
          ) : (
            <span key={index} className="flex items-baseline gap-2">
              <span className="text-slate-500">·</span>
              {part}
            </span>
          ),
        )}
      </div>
    );
  }
  return (
    <Card role="region" aria-label={t("sync.title")} className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2.5 text-sm">
      {parts}
      {actions && <span className="ml-auto flex items-center gap-3">{actions}</span>}
    </Card>
  );
}
