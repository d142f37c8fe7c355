"use client";
import { Search } from "lucide-react";
import { SpriteIcon } from "@/components/ui/sprite";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useTranslations } from "use-intl";
import type { SearchAction } from "@/lib/search/types";
import { SearchForm } from "@/components/search/search-form";
import { SearchDialog } from "./search-dialog";

// The platform never changes while the page is open; the server cannot know it, so it renders Ctrl and the client
// corrects it after hydration.
const shortcutLabel = () => (/Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent) ? "⌘ K" : "Ctrl K");
const noSubscription = () => () => {};

/**
 * The shell's search: a box on wide screens (a GET form to /search), a button on narrow ones, and Ctrl/Cmd+K anywhere
 * for the dialog, which answers in place (through `search`, the server action the shell hands down).
 */
export function SearchBox({ search }: { search: SearchAction }) {
  const t = useTranslations("search");
  const [open, setOpen] = useState(false);
  const shortcut = useSyncExternalStore(noSubscription, shortcutLabel, () => "Ctrl K");

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k") {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <>
      <SearchForm variant="header" shortcut={shortcut} className="hidden w-full max-w-md md:flex" />
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-keyshortcuts="Control+K Meta+K"
        className="order-last col-span-2 flex h-9 w-full items-center gap-2 rounded-md px-2.5 text-left text-sm text-slate-500 ring-1 ring-slate-300 ring-inset md:hidden"
      >
        <SpriteIcon icon={Search} className="size-4 shrink-0" />
        <span className="sr-only">{t("open")}: </span>
        <span className="truncate">{t("placeholder")}</span>
      </button>
      <SearchDialog search={search} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
