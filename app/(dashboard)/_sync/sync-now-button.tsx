"use client";
import { LoaderCircle, RefreshCw } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useState, useTransition } from "react";
import { useTranslations } from "use-intl";
import { syncJobsProgressAction, syncNowAction, type SyncJobsProgress, type SyncNowResult } from "../actions";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import type { Mode } from "@/lib/env-schema";
import type { SyncResource } from "@/lib/sync/resources";


/** How often the button asks how its jobs are doing, and for how long before it leaves them to the card. */
const POLL_MS = 2_000;
const POLL_FOR_MS = 180_000;

/**
 * Queues a sync pass of one resource, or of every resource of the mode; then follows the jobs it queued ("2 de 6
 * terminadas…") until none is pending, says so, and refreshes the page with the new state.
 */
export function SyncNowButton({ mode, resource, label, compact = false }: { mode: Mode; resource?: SyncResource; label?: string; compact?: boolean }) {
  const t = useTranslations();
  const [pending, start] = useTransition();
  const [result, setResult] = useState<SyncNowResult | "failed" | null>(null);
  const [progress, setProgress] = useState<(SyncJobsProgress & { ok: true }) | "gave_up" | null>(null);
  const router = useRouter();
  const jobs = result && result !== "failed" && result.ok ? result.jobs : null;
  useEffect(() => {
    if (!jobs || jobs.length === 0) return;
    let stopped = false;
    const started = Date.now();
    const ask = async () => {
      if (stopped) return;
      const answer = await syncJobsProgressAction({ jobs }).catch(() => null);
      if (stopped) return;
      if (answer?.ok) {
        setProgress(answer);
        if (answer.pending === 0) return router.refresh();
      }
      if (Date.now() - started > POLL_FOR_MS) return setProgress("gave_up");
      setTimeout(ask, POLL_MS);
    };
    const first = setTimeout(ask, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(first);
    };
  }, [jobs, router]);
  const run = () =>
    start(async () => {
      setResult(null);
      setProgress(null);
      try {
        setResult(await syncNowAction({ mode, resource }));
      } catch {
        // The server did not answer: nothing was queued, so asking again is safe.
        setResult("failed");
      }
    });
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button variant="secondary" onClick={run} disabled={pending} aria-label={label} title={label} className={cn(compact && "px-2.5 py-1 text-xs")}>
        {pending ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : <RefreshCw aria-hidden className="size-4" />}
        {!compact || !label ? (pending ? t("sync.requesting") : t("sync.syncNow")) : null}
      </Button>
      <span role="status" className="text-xs">
        {result === "failed" || (result && !result.ok) ? <span className="text-red-700">{t("sync.requestFailed")}</span> : null}
        {result && result !== "failed" && result.ok && !progress ? <span className="text-slate-600">{t("sync.queued", { count: result.queued })}</span> : null}
        {progress === "gave_up" ? <span className="text-slate-600">{t("sync.stillRunning")}</span> : null}
        {progress && progress !== "gave_up" && progress.pending > 0 ? (
          <span className="text-slate-600">{t("sync.jobsProgress", { done: progress.done + progress.failed, count: progress.done + progress.failed + progress.pending })}</span>
        ) : null}
        {progress && progress !== "gave_up" && progress.pending === 0 ? (
          <span className={progress.failed > 0 ? "text-red-700" : "text-emerald-700"} data-testid="sync-finished">
            {progress.failed > 0 ? t("sync.finishedWithFailures", { count: progress.failed }) : t("sync.finished")}
          </span>
        ) : null}
      </span>
    </span>
  );
}
