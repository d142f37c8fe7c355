"use client";
import { Search } from "lucide-react";
import { SpriteIcon } from "@/components/ui/sprite";
import Form from "next/form";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";

/**
 * A plain GET form to /search: it works before (and without) JavaScript, and next/form makes it a client-side
 * navigation once loaded. The header's is compact; the search page's has a button and keeps the query.
 */
export function SearchForm({ variant, defaultValue = "", shortcut, className }: { variant: "header" | "page"; defaultValue?: string; shortcut?: string; className?: string }) {
  const t = useTranslations("search");
  // Two search landmarks on the search page: each needs its own name.
  const label = variant === "header" ? t("label") : t("page.title");
  return (
    <Form action="/search" role="search" aria-label={label} className={cn("flex items-center gap-2", className)}>
      <div className="relative min-w-0 flex-1">
        <SpriteIcon icon={Search} className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400" />
        <input
          type="search"
          name="q"
          defaultValue={defaultValue}
          required
          maxLength={254}
          autoComplete="off"
          spellCheck={false}
          aria-label={label}
          aria-keyshortcuts={shortcut ? "Control+K Meta+K" : undefined}
          placeholder={t("placeholder")}
          className={cn("search-input", variant === "page" ? "py-2 pr-3" : "py-1.5 pr-14")}
        />
        {shortcut && (
          <kbd
            title={t("shortcut", { type: shortcut })}
            className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 rounded border border-slate-200 px-1.5 font-sans text-[11px] text-slate-500"
          >
            {shortcut}
          </kbd>
        )}
      </div>
      {variant === "page" && <Button type="submit">{t("submit")}</Button>}
    </Form>
  );
}
