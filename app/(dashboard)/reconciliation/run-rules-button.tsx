"use client";
import { useState, useTransition } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { runRulesAction } from "./actions";

/** Runs the rules now, for an operator who cannot wait for the next sync pass. */
export function RunRulesButton() {
  const t = useTranslations("reconciliation");
  const [message, setMessage] = useState<string | null>(null);
  const [pending, start] = useTransition();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="button" variant="secondary" title={t("runRulesHint")} disabled={pending} onClick={() =>
          start(async () => {
            const result = await runRulesAction();
            setMessage(result.ok ? result.message : null);
          })
        }>
        {t("runRules")}
      </Button>
      {message && <span role="status" className="text-sm text-slate-600">{message}</span>}
    </div>
  );
}
