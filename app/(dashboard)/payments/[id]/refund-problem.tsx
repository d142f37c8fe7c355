"use client";
import { AlertTriangle, CircleHelp, XCircle } from "lucide-react";
import { useTranslations } from "use-intl";
import { cn } from "@/components/ui/cn";
import type { RefundProblem } from "@/lib/refunds/refund-input";

/** What went wrong without a service answer to explain it: a stale page, a refused role, a lost server reply. */
export type LocalProblem = "stale" | "forbidden" | "invalidInput" | "noAnswer" | "keyReused";

const LOCAL_KEYS = {
  stale: "refund.errors.stale",
  forbidden: "refund.errors.forbidden",
  invalidInput: "refund.errors.invalidInput",
  noAnswer: "refund.errors.noAnswer",
  keyReused: "refund.replay.keyReused",
} as const;

// An unknown outcome is a warning, not a failure: the money may already be on its way back.
const LOOK = {
  refused: { icon: XCircle, box: "bg-red-50 text-red-900 ring-red-200", iconClass: "text-red-500" },
  not_sent: { icon: XCircle, box: "bg-red-50 text-red-900 ring-red-200", iconClass: "text-red-500" },
  unknown: { icon: CircleHelp, box: "bg-amber-50 text-amber-900 ring-amber-300", iconClass: "text-amber-500" },
  local: { icon: AlertTriangle, box: "bg-amber-50 text-amber-900 ring-amber-300", iconClass: "text-amber-500" },
} as const;

/** The service's answer (or its absence) on the form, in the operator's words, with the service's own text below. */
export function RefundProblemBox({ problem }: { problem: RefundProblem | LocalProblem }) {
  const t = useTranslations();
  const local = typeof problem === "string";
  const look = LOOK[local ? (problem === "noAnswer" ? "unknown" : "local") : problem.outcome];
  const Icon = look.icon;
  return (
    <div role="alert" className={cn("flex gap-3 rounded-md p-3 text-sm ring-1 ring-inset", look.box)}>
      <Icon aria-hidden className={cn("mt-0.5 size-4 shrink-0", look.iconClass)} />
      <div className="min-w-0 space-y-1">
        {local ? (
          <p>{t(LOCAL_KEYS[problem])}</p>
        ) : (
          <>
            <p className="font-semibold">{t(`refund.outcome.${problem.outcome}`)}</p>
            <p>{t(problem.messageKey)}</p>
            {problem.messages.length > 0 && (
              <ul className="list-disc space-y-0.5 pl-5 font-mono text-xs">
                {problem.messages.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            )}
            {problem.detail && (
              <details className="text-xs opacity-80">
                <summary className="cursor-pointer select-none">{t("refund.technicalDetail")}</summary>
                <p className="mt-1 font-mono break-words">{problem.detail}</p>
              </details>
            )}
          </>
        )}
      </div>
    </div>
  );
}
