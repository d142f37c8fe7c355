"use client";
import { ChevronLeft, ChevronRight, LoaderCircle } from "lucide-react";
import { SpriteIcon } from "@/components/ui/sprite";
import Link, { useLinkStatus } from "next/link";
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { useKeptFocus } from "@/components/ui/kept-focus";

const linkClass =
  "inline-flex items-center gap-1 rounded-md px-2.5 py-1.5 text-sm font-medium ring-1 ring-inset ring-slate-300 focus-visible:outline-2 focus-visible:outline-indigo-600";

/** The link's arrow turns into a spinner while the next page loads (same size: nothing shifts). */
function PageIcon({ rel }: { rel: "prev" | "next" }) {
  const { pending } = useLinkStatus();
  if (pending) return <SpriteIcon icon={LoaderCircle} className="size-4 animate-spin" />;
  return rel === "prev" ? <SpriteIcon icon={ChevronLeft} className="size-4" /> : <SpriteIcon icon={ChevronRight} className="size-4" />;
}

/**
 * Previous or Next of a list paged by the API's cursors: a real link (a page opens in a new tab and survives reload),
 * or, with no href (the list's end), a disabled look in its place. `scroll={false}` for a list inside a longer page.
 * `focusKey` (a list's own pagination): the focus stays on it when the page it opens mounts, on the disabled look too
 * when Next led to the last page (focusable by script only, so Tab goes on from there).
 */
export function PageLink({ href, rel, label, scroll, focusKey }: { href: string | null; rel: "prev" | "next"; label: string; scroll?: boolean; focusKey?: string }) {
  const keptFocus = useKeptFocus<HTMLElement>(focusKey ?? "");
  const kept = focusKey ? keptFocus : {};
  const content = (icon: ReactNode) => (rel === "prev" ? [icon, label] : [label, icon]);
  if (!href) {
    const icon = rel === "prev" ? <SpriteIcon key="icon" icon={ChevronLeft} className="size-4" /> : <SpriteIcon key="icon" icon={ChevronRight} className="size-4" />;
    return (
      <span {...kept} tabIndex={focusKey ? -1 : undefined} aria-disabled="true" className={cn(linkClass, "cursor-not-allowed text-slate-400 ring-slate-200")}>
        {content(icon)}
      </span>
    );
  }
  return (
    <Link {...kept} href={href} rel={rel} prefetch={false} scroll={scroll} className={cn(linkClass, "bg-white text-slate-700 hover:bg-slate-50")}>
      {content(<PageIcon key="icon" rel={rel} />)}
    </Link>
  );
}
