"use client";
import { LoaderCircle, RefreshCw } from "lucide-react";
import { useState, useTransition } from "react";
import { useTranslations } from "use-intl";
import { syncJobsProgressAction, syncNowAction, type SyncJobsProgress, type SyncNowResult } from "../actions";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { useFollowJobs } from "@/components/ui/use-follow-jobs";
import type { Mode } from "@/lib/env-schema";
import type { SyncResource } from "@/lib/sync/resources";


/** How often the button asks how its jobs are doing, and for how long before it leaves them to the card. */
const POLL_MS = 2_000;
const POLL_FOR_MS = 180_000;

/**
 * Queues a sync pass of one resource, or of every resource of the mode; then follows the jobs it queued ("2 de 6
 * terminadas…") until none is pending, says so, and refreshes the page with the new state (useFollowJobs). Queued with no
 * sync job running anywhere for UNCLAIMED_AFTER_MS, it says that no background process has taken them.
 */
export function SyncNowButton({ mode, resource, label, compact = false }: { mode: Mode; resource?: SyncResource; label?: string; compact?: boolean }) {
  const t = useTranslations();
  const [pending, start] = useTransition();
  const [result, setResult] = useState<SyncNowResult | "failed" | null>(null);
  const queued = result && result !== "failed" && result.ok && result.jobs.length > 0 ? result : null;
  const jobs = queued?.jobs ?? null;
  const followed = useFollowJobs<SyncJobsProgress & { ok: true }>(queued, {
    ask: async () => {
      const answer = await syncJobsProgressAction({ jobs });
      return answer.ok ? answer : null;
    },
    settled: (answer) => answer.pending === 0,
    // None of the request's jobs has started, and no sync job runs anywhere.
    waiting: (answer) => answer.done + answer.failed === 0 && answer.queued === answer.pending && !answer.workerBusy,
    pollMs: POLL_MS,
    forMs: POLL_FOR_MS,
  });
  const progress = followed.answer;
  const run = () =>
    start(async () => {
      setResult(null);
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
        {followed.gaveUp ? <span className="text-slate-600">{t("sync.stillRunning")}</span> : null}
        {!followed.gaveUp && followed.unclaimed ? <span className="text-amber-800" data-testid="sync-unclaimed">{t("sync.unclaimed")}</span> : null}
        {progress && !followed.gaveUp && !followed.unclaimed && progress.pending > 0 ? (
          <span className="text-slate-600">{t("sync.jobsProgress", { done: progress.done + progress.failed, count: progress.done + progress.failed + progress.pending })}</span>
        ) : null}
        {progress && !followed.gaveUp && progress.pending === 0 ? (
          <span className={progress.failed > 0 ? "text-red-700" : "text-emerald-700"} data-testid="sync-finished">
            {progress.failed > 0 ? t("sync.finishedWithFailures", { count: progress.failed }) : t("sync.finished")}
          </span>
        ) : null}
      </span>
    </span>
  );
}
