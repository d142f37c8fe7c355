"use client";
import { AlertTriangle, CheckCircle2, Download, LoaderCircle, X } from "lucide-react";
import { SpriteIcon } from "@/components/ui/sprite";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import type { ExportFailure } from "./read-csv-export";
import { useCsvExport } from "./use-csv-export";

const IDLE = { phase: "idle" } as const;

/** The words on the page for a filter the route refuses (by its URL key). */
const FILTER_LABELS = { reference: "transfersList.reference" } as const;

/**
 * "Export CSV" for the list on screen, with its filters (`href`, built from the list's parsers): the whole list, not
 * the page. Every list's toolbar has it (ListToolbar).
 */
export function ExportButton({ list, href }: { list: string; href: string }) {
  const t = useTranslations("exportCsv");
  const exporting = useCsvExport(list);
  const { start, cancel, dismiss } = exporting;
  // An export keeps running under new filters (its file is of the old ones); its outcome is not shown under them.
  const state = exporting.state.phase === "idle" || exporting.state.phase === "running" || exporting.state.href === href ? exporting.state : IDLE;
  const running = state.phase === "running";

  return (
    <>
      <div className="ml-auto flex min-h-9 flex-wrap items-center justify-end gap-x-3 gap-y-2">
        {running && (
          <div role="status" className="flex items-center gap-2 text-sm text-slate-600">
            <SpriteIcon icon={LoaderCircle} className="size-4 animate-spin text-indigo-600" />
            <span className="tabular-nums">
              {state.total === undefined
                ? t("progressUnknown", { count: state.written })
                : t("progress", { written: state.written, total: state.total })}
            </span>
            {state.total !== undefined && state.total > 0 && (
              <div
                role="progressbar"
                aria-label={t("progressLabel")}
                aria-valuemin={0}
                aria-valuemax={state.total}
                aria-valuenow={state.written}
                // The words say it already; on a phone the bar would push Cancel onto a line of its own.
                className="hidden h-1.5 w-24 overflow-hidden rounded-full bg-slate-200 sm:block"
              >
                <div className="h-full rounded-full bg-indigo-600 transition-[width]" style={{ width: `${Math.min(100, (state.written / state.total) * 100)}%` }} />
              </div>
            )}
          </div>
        )}
        {state.phase === "done" && (
          <p role="status" className="flex items-center gap-1.5 text-sm text-emerald-700">
            <SpriteIcon icon={CheckCircle2} className="size-4" />
            {t("done", { count: state.written })}
          </p>
        )}
        {state.phase === "cancelled" && (
          <p role="status" className="text-sm text-slate-500">
            {t("cancelled")}
          </p>
        )}
        {running ? (
          <Button variant="secondary" className="h-9" onClick={cancel}>
            <SpriteIcon icon={X} className="size-4" />
            {t("cancel")}
          </Button>
        ) : (
          <Button variant="secondary" className="h-9" title={t("buttonHint")} onClick={() => void start(href)}>
            <SpriteIcon icon={Download} className="size-4" />
            {t("button")}
          </Button>
        )}
      </div>
      {state.phase === "failed" && <ExportError failure={state.failure} onDismiss={dismiss} />}
    </>
  );
}

function ExportError({ failure, onDismiss }: { failure: ExportFailure; onDismiss: () => void }) {
  // Not `t`: the source scan (lib/i18n/client-keys.ts) would take it for ExportButton's translator of exportCsv.
  const tr = useTranslations();
  const message =
    failure.kind === "interrupted"
      ? tr("exportCsv.errors.interrupted", { count: failure.written })
      : failure.kind === "invalid_filter"
        ? tr("exportCsv.errors.invalidFilter", { name: failure.param in FILTER_LABELS ? tr(FILTER_LABELS[failure.param as keyof typeof FILTER_LABELS]) : failure.param })
        : failure.kind === "upstream"
          ? // The same explained text as the list's own error state, worded by the server; else the generic one.
            (failure.message ?? tr("exportCsv.errors.unknown"))
          : tr(`exportCsv.errors.${failure.kind}`);
  return (
    <div role="alert" className="flex basis-full items-start gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">
      <SpriteIcon icon={AlertTriangle} className="mt-0.5 size-4 shrink-0 text-amber-500" />
      <p className="min-w-0 flex-1">
        <span className="font-semibold">{tr("exportCsv.failedTitle")}.</span> {message}
        {failure.kind === "upstream" && failure.detail && <span className="ml-1 font-mono text-xs text-amber-700">({failure.detail})</span>}
      </p>
      <button type="button" onClick={onDismiss} aria-label={tr("exportCsv.dismiss")} className="rounded p-0.5 text-amber-700 hover:bg-amber-100">
        <SpriteIcon icon={X} className="size-4" />
      </button>
    </div>
  );
}
