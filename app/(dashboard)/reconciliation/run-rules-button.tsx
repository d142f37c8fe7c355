"use client";
import { LoaderCircle } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useState, useTransition } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { rulesRunProgressAction, runRulesAction, type RulesRunAnswer, type RunRulesResult } from "./actions";

/** How often the button asks how its pass is doing, and for how long before it leaves it to a later visit. */
const POLL_MS = 1_500;
const POLL_FOR_MS = 180_000;

/**
 * Queues a full pass of the rules, for an operator who cannot wait for the next sync pass, and answers at once; then
 * follows the job (queued, running) until it is done, shows its figures and refreshes the page with its suggestions —
 * the shape of "Sync now" (app/(dashboard)/_sync/sync-now-button.tsx).
 */
export function RunRulesButton() {
  const t = useTranslations("reconciliation");
  const router = useRouter();
  const [pending, start] = useTransition();
  const [result, setResult] = useState<RunRulesResult | "failed" | null>(null);
  const [progress, setProgress] = useState<(RulesRunAnswer & { ok: true }) | "gave_up" | null>(null);
  const job = result && result !== "failed" && result.ok ? result.job : null;
  useEffect(() => {
    if (!job) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    const ask = async () => {
      if (stopped) return;
      const answer = await rulesRunProgressAction({ job }).catch(() => null);
      if (stopped) return;
      if (answer?.ok) {
        setProgress(answer);
        if (answer.state === "done") return router.refresh();
        if (answer.state === "failed") return;
      }
      if (Date.now() - started > POLL_FOR_MS) return setProgress("gave_up");
      timer = setTimeout(ask, POLL_MS);
    };
    timer = setTimeout(ask, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [job, router]);
  const running = !!job && (progress === null || (progress !== "gave_up" && (progress.state === "queued" || progress.state === "running")));
  const run = () =>
    start(async () => {
      setResult(null);
      setProgress(null);
      try {
        setResult(await runRulesAction());
      } catch {
        // The server did not answer: nothing was queued, so asking again is safe.
        setResult("failed");
      }
    });
  let status: { text: string; tone: string } | null = null;
  if (result === "failed" || (result && !result.ok)) status = { text: t("rulesRequestFailed"), tone: "text-red-700" };
  else if (progress === "gave_up") status = { text: t("rulesStillRunning"), tone: "text-slate-600" };
  else if (progress?.state === "done") status = { text: progress.message, tone: "text-emerald-700" };
  else if (progress?.state === "failed") status = { text: t("rulesFailed"), tone: "text-red-700" };
  else if (progress?.state === "running") status = { text: t("rulesRunning"), tone: "text-slate-600" };
  else if (job) status = { text: t("rulesQueued"), tone: "text-slate-600" };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="button" variant="secondary" title={t("runRulesHint")} disabled={pending || running} onClick={run}>
        {(pending || running) && <LoaderCircle aria-hidden className="size-4 animate-spin" />}
        {t("runRules")}
      </Button>
      <span role="status" className={`text-sm ${status?.tone ?? ""}`} data-rules-run={progress && progress !== "gave_up" ? progress.state : job ? "queued" : undefined}>
        {status?.text}
      </span>
    </div>
  );
}
