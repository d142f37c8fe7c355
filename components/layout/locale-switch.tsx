"use client";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { useLocale, useTranslations } from "use-intl";
import { languageOf, LOCALES, type Locale } from "@/lib/i18n/config";
import { cn } from "@/components/ui/cn";

/** The language switch; the page passes the server action that stores the choice (components/ never imports from app/). */
export function LocaleSwitch({ setLocale, tone = "light" }: { setLocale: (locale: Locale) => Promise<unknown>; tone?: "light" | "dark" }) {
  const t = useTranslations("shell");
  const current = languageOf(useLocale());
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <div role="group" aria-label={t("language")} className="segmented">
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          disabled={pending}
          aria-pressed={locale === current}
          onClick={() =>
            startTransition(async () => {
              await setLocale(locale);
              router.refresh();
            })
          }
          className={cn(
            "px-2.5 uppercase",
            locale === current
              ? "bg-slate-800 text-white"
              : tone === "light"
                ? "text-slate-600 hover:bg-slate-100"
                : "text-slate-300 hover:bg-slate-800",
          )}
        >
          {locale}
        </button>
      ))}
    </div>
  );
}
