"use client";
import { useTranslations } from "use-intl";

export function Brand() {
  const t = useTranslations("app");
  return (
    <div className="flex items-center gap-2.5 px-3">
      <div aria-hidden className="grid size-8 place-items-center rounded-md bg-indigo-500 text-sm font-bold text-white">₡</div>
      <div className="leading-tight">
        <div className="text-sm font-semibold text-white">{t("name")}</div>
        <div className="text-xs text-slate-400">{t("merchant")}</div>
      </div>
    </div>
  );
}
