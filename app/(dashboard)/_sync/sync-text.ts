import "server-only";
import type { SyncStatus } from "@/db/queries/sync-status";
import type { SyncResource } from "@/lib/sync/resources";
import type { Mode } from "@/lib/env-schema";
import { formatCount, formatRelativeTime, formatTimeAgo } from "@/lib/format/time";
import type { Translator } from "@/lib/i18n/server";
import { MODE_KEY_SETTING } from "@/lib/mode-keys";

// The words the Data sync card and the sync line (the Overview's, and each list read from the local copy) share:
// coverage, freshness, progress and a failure explained.

export type SyncFormat = { locale: string; timeZone: string; now: Date };

// runSync's prefix for a refused key (lib/sync/run.ts): the one failure an operator must fix, so it gets its own words.
const KEY_REFUSED = "The Payment Service refused this mode's key";

export const keySetting = (mode: Mode) => MODE_KEY_SETTING[mode];

/**
 * "20 000 de 20 000 pagos" / "250 transferencias (todo el historial)": local rows beside the service's own total; a list
 * without one is "all of it" only once a backfill has completed the copy (a mode never synced has 0, not all of them),
 * and so is a copy larger than the total (rows the webhooks added after the service counted).
 */
export function coverageText(t: Translator, status: SyncStatus, format: SyncFormat, { noun = false } = {}): string {
  const local = formatCount(status.localRows, format.locale);
  // The service's total is counted at the last backfill page; payments and transfers that webhooks added since then
  // make the copy larger, and "22 988 de 22 981 pagos" read as a contradiction. A copy at least that large is all of it.
  const total = status.remoteTotal;
  const named = (figure: string) => (noun ? `${figure} ${t(`sync.nouns.${status.resource}`, { count: Math.max(status.localRows, total ?? 0) })}` : figure);
  if (total !== null && status.localRows <= total) return named(t("sync.coverage", { local, total: formatCount(total, format.locale) }));
  return total !== null || status.lastCompleteAt ? t("sync.coverageAll", { local: named(local) }) : named(local);
}

// Only a backfill reads the whole list, so only its rows are a share of the service's total: an incremental pass or a
// re-read reads a few, and "12 of 20,000" with an empty bar would say the copy is mostly missing.
const ofTotal = (status: SyncStatus) => (status.kind === "backfill" && status.remoteTotal ? status.remoteTotal : null);

export function progressText(t: Translator, status: SyncStatus, format: SyncFormat): string {
  const done = formatCount(status.rowsDone, format.locale);
  const total = ofTotal(status);
  return total ? t("sync.progress", { done, total: formatCount(total, format.locale) }) : t("sync.progressNoTotal", { done });
}

/** 0–100, or null when there is no total to compare with (not a backfill, its first page not read yet, or a list without one). */
export function progressPercent(status: SyncStatus): number | null {
  const total = ofTotal(status);
  if (!total) return null;
  return Math.min(100, Math.round((status.rowsDone / total) * 100));
}

export function errorText(t: Translator, mode: Mode, error: string): string {
  if (error.startsWith(KEY_REFUSED)) return t("sync.errors.keyRefused", { setting: MODE_KEY_SETTING[mode] });
  return t("sync.errors.other", { detail: error });
}

export const relative = (value: Date, format: SyncFormat) => formatRelativeTime(value, format.locale, format.now);
export const ago = (value: Date, format: SyncFormat) => formatTimeAgo(value, format.locale, format.now);

export function lastRunText(t: Translator, status: SyncStatus, format: SyncFormat): string {
  const run = status.lastRun;
  if (!run) return t("sync.never");
  const kind = run.kind === "backfill" || run.kind === "incremental" || run.kind === "refresh" ? t(`sync.kinds.${run.kind}`) : run.kind;
  // The backfill that made the copy complete: its time is already beside the coverage ("Copia completa hace …").
  const completedIt = run.kind === "backfill" && run.outcome === "succeeded" && run.finishedAt && status.lastCompleteAt && Math.abs(run.finishedAt.getTime() - status.lastCompleteAt.getTime()) < 5_000;
  if (completedIt) return kind;
  if (run.outcome === "running") return t("sync.lastRunRunning", { kind, when: relative(run.startedAt, format) });
  const when = relative(run.finishedAt ?? run.startedAt, format);
  return run.outcome === "failed" ? t("sync.lastRunFailed", { kind, when }) : t("sync.lastRun", { kind, when });
}

export const stateOf = (status: SyncStatus) => (status.phase === "idle" && !status.lastRun && !status.lastCompleteAt ? "never" : status.phase);

/** "cuentas conectadas", "renovaciones y pagos": the resources as a running text names them. */
export function resourceNames(t: Translator, resources: readonly SyncResource[], format: Pick<SyncFormat, "locale">): string {
  return new Intl.ListFormat(format.locale, { type: "conjunction" }).format(resources.map((resource) => t(`sync.of.${resource}`)));
}
