"use client";
import { LoaderCircle } from "lucide-react";
import { useState, useTransition } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { useFollowJobs } from "@/components/ui/use-follow-jobs";
import { rulesRunProgressAction, runRulesAction, type RulesRunAnswer, type RunRulesResult } from "./actions";

/** How often the button asks how its pass is doing, and for how long before it leaves it to a later visit. */
const POLL_MS = 1_500;
const POLL_FOR_MS = 180_000;

/**
 * Queues a full pass of the rules, for an operator who cannot wait for the next sync pass, and answers at once; then
 * follows the job (queued, running) until it is done, shows its figures and refreshes the page with its suggestions,
 * as "Sync now" does (useFollowJobs). Queued behind a pass that is running, it says so; queued with none running for
 * UNCLAIMED_AFTER_MS, that no background process has taken it (the worker may be off).
 */
export function RunRulesButton() {
  const t = useTranslations("reconciliation");
  const [pending, start] = useTransition();
  const [result, setResult] = useState<RunRulesResult | "failed" | null>(null);
  // Each press's answer is followed anew, even when it names the job the press before it queued.
  const queued = result && result !== "failed" && result.ok ? result : null;
  const job = queued?.job ?? null;
  const followed = useFollowJobs<RulesRunAnswer & { ok: true }>(queued, {
    ask: async () => {
      const answer = await rulesRunProgressAction({ job });
      return answer.ok ? answer : null;
    },
    settled: (answer) => answer.state === "done" || answer.state === "failed",
    waiting: (answer) => answer.state === "queued" && !answer.workerBusy,
    pollMs: POLL_MS,
    forMs: POLL_FOR_MS,
  });
  const progress = followed.answer;
  const running = !!job && !followed.gaveUp && (progress === null || progress.state === "queued" || progress.state === "running");
  const run = () =>
    start(async () => {
      setResult(null);
      try {
        setResult(await runRulesAction());
      } catch {
        // The server did not answer: nothing was queued, so asking again is safe.
        setResult("failed");
      }
    });
  let status: { text: string; tone: string } | null = null;
  if (result === "failed" || (result && !result.ok)) status = { text: t("rulesRequestFailed"), tone: "text-red-700" };
  else if (followed.gaveUp) status = { text: t("rulesStillRunning"), tone: "text-slate-600" };
  else if (progress?.state === "done") status = { text: progress.message, tone: "text-emerald-700" };
  else if (progress?.state === "failed") status = { text: t("rulesFailed"), tone: "text-red-700" };
  else if (progress?.state === "running") status = { text: t("rulesRunning"), tone: "text-slate-600" };
  else if (followed.unclaimed) status = { text: t("rulesUnclaimed"), tone: "text-amber-800" };
  else if (progress?.state === "queued" && progress.workerBusy) status = { text: t("rulesBehind"), tone: "text-slate-600" };
  else if (job) status = { text: t("rulesQueued"), tone: "text-slate-600" };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="button" variant="secondary" title={t("runRulesHint")} disabled={pending || running} onClick={run}>
        {(pending || running) && <LoaderCircle aria-hidden className="size-4 animate-spin" />}
        {t("runRules")}
      </Button>
      <span role="status" className={`text-sm ${status?.tone ?? ""}`} data-rules-run={followed.gaveUp ? undefined : followed.unclaimed ? "unclaimed" : (progress?.state ?? (job ? "queued" : undefined))}>
        {status?.text}
      </span>
    </div>
  );
}
