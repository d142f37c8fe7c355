"use client";
import { useRouter } from "next/navigation";
import { useId, useTransition } from "react";
import { useTranslations } from "use-intl";
import type { Mode } from "@/lib/env-schema";
import { ALL_MODES, MODE_KEY_SETTING } from "@/lib/mode-keys";
import { cn } from "@/components/ui/cn";

/**
 * Offers only the modes whose secret key is configured; with none it is a warning. A mode without a key is shown
 * disabled with why, in words (its title and accessible description name the missing setting, never a value): with
 * "Prueba" alone a newcomer could not tell that production exists or what it needs. The layout passes the server
 * action that stores the choice (components/ never imports from app/).
 */
export function ModeSwitch({ mode, modes, setMode }: { mode: Mode; modes: Mode[]; setMode: (mode: Mode) => Promise<unknown> }) {
  const t = useTranslations("shell");
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const label = (m: Mode) => (m === "test" ? t("modeTest") : t("modeLive"));
  const id = useId();
  const why = (m: Mode) => t("modeMissing", { mode: label(m), setting: MODE_KEY_SETTING[m] });

  if (modes.length === 0) return <span className="text-xs font-medium text-red-700">{t("noKeys")}</span>;
  return (
    <>
      <div role="group" aria-label={t("mode")} className="segmented">
      {ALL_MODES.map((m) =>
        modes.includes(m) ? (
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
        ) : (
          <button key={m} type="button" disabled aria-pressed={false} title={why(m)} aria-describedby={`${id}-${m}`} className="px-3 text-slate-400">
            {label(m)}
          </button>
        ),
      )}
      </div>
      {/* Outside the buttons (inside, it would be part of their names) and outside the group (whose styles count its buttons). */}
      {ALL_MODES.filter((m) => !modes.includes(m)).map((m) => (
        <span key={m} id={`${id}-${m}`} className="sr-only">
          {why(m)}
        </span>
      ))}
    </>
  );
}
