"use client";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { useTranslations } from "use-intl";
import type { Mode } from "@/lib/env-schema";
import { cn } from "@/components/ui/cn";

/**
 * Offers only the modes whose secret key is configured; with one mode it is a label, with none a warning. The layout
 * passes the server action that stores the choice (components/ never imports from app/).
 */
export function ModeSwitch({ mode, modes, setMode }: { mode: Mode; modes: Mode[]; setMode: (mode: Mode) => Promise<unknown> }) {
  const t = useTranslations("shell");
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const label = (m: Mode) => (m === "test" ? t("modeTest") : t("modeLive"));

  if (modes.length === 0) return <span className="text-xs font-medium text-red-700">{t("noKeys")}</span>;
  return (
    <div role="group" aria-label={t("mode")} className="segmented">
      {modes.map((m) => (
        <button
          key={m}
          type="button"
          disabled={pending || modes.length === 1}
          aria-pressed={m === mode}
          onClick={() =>
            startTransition(async () => {
              await setMode(m);
              router.refresh();
            })
          }
          className={cn(
            "px-3",
            m === mode ? (m === "test" ? "bg-amber-700 text-white" : "bg-emerald-700 text-white") : "text-slate-600 hover:bg-slate-100",
          )}
        >
          {label(m)}
        </button>
      ))}
    </div>
  );
}
