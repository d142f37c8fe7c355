"use client";
import { LoaderCircle, RotateCw } from "lucide-react";
import { useState, useTransition } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { reprocessEventAction, type ReprocessEventResult } from "../actions";
import { StatusBadge } from "@/components/detail/status-badge";
import { EVENT_STATUS_TONES } from "@/components/timeline/timeline";

const ERROR_KEYS = {
  invalid_input: "events.reprocess.failed",
  not_found: "events.reprocess.notFound",
  not_reprocessable: "events.reprocess.notReprocessable",
} as const;

/** Runs the stored event through the current code again; the page refreshes with its new status. */
export function ReprocessButton({ id }: { id: number }) {
  const t = useTranslations();
  const [running, startRunning] = useTransition();
  const [result, setResult] = useState<ReprocessEventResult | "failed" | null>(null);

  const run = () =>
    startRunning(async () => {
      setResult(null);
      try {
        setResult(await reprocessEventAction({ id }));
      } catch {
        // The server could not answer (network, database down): nothing changed, so trying again is safe.
        setResult("failed");
      }
    });

  return (
    <div className="flex flex-col items-start gap-2">
      <Button variant="secondary" onClick={run} disabled={running}>
        {running ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : <RotateCw aria-hidden className="size-4" />}
        {running ? t("events.reprocess.running") : t("events.reprocess.button")}
      </Button>
      <p className="text-xs text-slate-500">{t("events.reprocess.hint")}</p>
      <div role="status" className="text-sm">
        {result === "failed" && <span className="text-red-700">{t("events.reprocess.failed")}</span>}
        {result && result !== "failed" && !result.ok && <span className="text-red-700">{t(ERROR_KEYS[result.error])}</span>}
        {result && result !== "failed" && result.ok && (
          <span className="inline-flex items-center gap-2 text-slate-700">
            {t("events.reprocess.done")} <StatusBadge status={result.status} tones={EVENT_STATUS_TONES} label={(status) => t(`eventStatus.${status}`)} />
          </span>
        )}
      </div>
    </div>
  );
}
