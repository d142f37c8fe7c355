"use client";
import { Loader2, Search, X } from "lucide-react";
import { SpriteIcon } from "@/components/ui/sprite";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, useTransition, type KeyboardEvent } from "react";
import { useTranslations } from "use-intl";
import type { SearchAction, SearchView } from "@/lib/search/types";
import { ResultLine } from "@/components/search/result-line";
import { SearchExplanation } from "@/components/search/search-explanation";
import { cn } from "@/components/ui/cn";
import { Modal } from "@/components/ui/modal";

/**
 * The Ctrl/Cmd+K dialog: the app's Modal, bare and near the top, closed by Escape, its ✕ or a click outside, the focus
 * back where it was. The input is a combobox whose results are a listbox: Enter searches, ↑/↓ choose a result, Enter
 * opens it. One exact hit opens at once. What was typed and found is forgotten when it closes.
 */
export function SearchDialog({ search, open, onClose }: { search: SearchAction; open: boolean; onClose: () => void }) {
  const t = useTranslations("search");
  return (
    <Modal open={open} onClose={onClose} title={t("dialog.title")} variant="bare" placement="top" closeOnBackdrop>
      <SearchPanel search={search} onClose={onClose} />
    </Modal>
  );
}

function SearchPanel({ search: searchObjects, onClose }: { search: SearchAction; onClose: () => void }) {
  const t = useTranslations("search");
  const router = useRouter();
  const ids = useId();
  const [text, setText] = useState("");
  const [view, setView] = useState<SearchView | null>(null);
  const [active, setActive] = useState(-1);
  const [failed, setFailed] = useState(false);
  const [pending, startSearch] = useTransition();
  const sequence = useRef(0);

  const optionId = (index: number) => `${ids}-option-${index}`;
  useEffect(() => {
    if (active >= 0) document.getElementById(`${ids}-option-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [active, ids]);

  function go(href: string) {
    router.push(href);
    onClose();
  }

  function search() {
    const query = text.trim();
    if (!query) return;
    // Only the latest search may answer: an earlier one still running is ignored when it lands.
    const mine = ++sequence.current;
    setFailed(false);
    startSearch(async () => {
      try {
        const result = await searchObjects(query);
        if (mine !== sequence.current) return;
        if (result.navigateTo) return go(result.navigateTo);
        setView(result);
        setActive(result.items.findIndex((item) => item.href));
      } catch {
        if (mine === sequence.current) setFailed(true);
      }
    });
  }

  const items = view?.items ?? [];
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = items.length - 1;
    const moves: Record<string, (current: number) => number> = {
      ArrowDown: (current) => (current >= last ? 0 : current + 1),
      ArrowUp: (current) => (current <= 0 ? last : current - 1),
      Home: () => 0,
      End: () => last,
    };
    const move = moves[event.key];
    // Home and End move the caret until there is a list to move in.
    if (move && items.length > 0 && (active >= 0 || event.key.startsWith("Arrow"))) {
      event.preventDefault();
      setActive(move);
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (active < 0) search();
      else if (items[active]?.href) go(items[active].href);
    }
  }

  const listId = `${ids}-results`;
  return (
    <div className="flex flex-col">
      <div className="flex items-center gap-2 border-b border-slate-200 px-3">
        {pending ? <SpriteIcon icon={Loader2} className="size-5 shrink-0 animate-spin text-indigo-500" /> : <SpriteIcon icon={Search} className="size-5 shrink-0 text-slate-400" />}
        {/* The dialog's first field: the Modal focuses it when it opens. */}
        <input
          role="combobox"
          aria-expanded={items.length > 0}
          aria-controls={listId}
          aria-autocomplete="none"
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          aria-label={t("label")}
          aria-describedby={`${ids}-hint`}
          maxLength={254}
          autoComplete="off"
          spellCheck={false}
          value={text}
          onChange={(event) => {
            sequence.current++;
            setText(event.target.value);
            setFailed(false);
            setView(null);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          placeholder={t("placeholder")}
          className="h-12 min-w-0 flex-1 border-0 bg-transparent text-base text-slate-900 placeholder:text-slate-400 focus:ring-0 focus:outline-none sm:text-sm"
        />
        <button type="button" onClick={onClose} aria-label={t("dialog.close")} className="rounded p-1 text-slate-400 hover:text-slate-600">
          <SpriteIcon icon={X} className="size-5" />
        </button>
      </div>
      <div className="max-h-[60vh] overflow-y-auto">
        <p role="status" className={cn("px-4 text-sm", pending || failed || view ? "pt-3" : "sr-only")}>
          {pending ? t("dialog.searching") : failed ? <span className="text-red-700">{t("dialog.error")}</span> : view ? <span className="font-medium break-words text-slate-800">{view.heading}</span> : null}
        </p>
        <ul id={listId} role="listbox" aria-label={t("dialog.results")} className={cn("py-2", items.length === 0 && "hidden")}>
          {items.map((item, index) => (
            <li
              key={item.key}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              aria-disabled={!item.href || undefined}
              onMouseMove={() => item.href && setActive(index)}
              onClick={() => item.href && go(item.href)}
              className={cn("mx-2 rounded-md px-3 py-2", item.href ? "cursor-pointer" : "cursor-default opacity-80", index === active && "bg-indigo-50 ring-1 ring-indigo-200")}
            >
              <ResultLine item={item} />
            </li>
          ))}
        </ul>
        {view && view.status !== "found" && view.status !== "invalid" && (
          <div className="px-4 pt-2 pb-3">
            <SearchExplanation view={view} />
          </div>
        )}
      </div>
      <div id={`${ids}-hint`} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 border-t border-slate-200 px-4 py-2 text-xs text-slate-500">
        <span>{items.length > 0 ? t("dialog.keys") : t("dialog.hint")}</span>
        {view && view.status !== "invalid" && (
          <span className="flex flex-wrap gap-x-4">
            {view.more && (
              <Link href={view.more.href} onClick={onClose} className="font-medium text-indigo-600 hover:text-indigo-500">
                {view.more.label}
              </Link>
            )}
            <Link href={`/search?q=${encodeURIComponent(view.query)}`} onClick={onClose} className="font-medium text-indigo-600 hover:text-indigo-500">
              {t("dialog.fullPage")}
            </Link>
          </span>
        )}
      </div>
    </div>
  );
}
