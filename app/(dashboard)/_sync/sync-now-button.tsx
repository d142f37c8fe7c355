"use client";
import { LoaderCircle, RefreshCw } from "lucide-react";
import { useState, useTransition } from "react";
import { useTranslations } from "use-intl";
import { syncNowAction, type SyncNowResult } from "../actions";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import type { Mode } from "@/lib/env-schema";
import type { SyncResource } from "@/lib/sync/resources";


/** Queues a sync pass of one resource, or of every resource of the mode; the page refreshes with the new state. */
export function SyncNowButton({ mode, resource, label, compact = false }: { mode: Mode; resource?: SyncResource; label?: string; compact?: boolean }) {
  const t = useTranslations();
  const [pending, start] = useTransition();
  const [result, setResult] = useState<SyncNowResult | "failed" | null>(null);
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
        {result && result !== "failed" && result.ok ? <span className="text-slate-600">{t("sync.queued", { count: result.queued })}</span> : null}
      </span>
    </span>
  );
}
