"use client";
import { ChevronLeft, ChevronRight, LoaderCircle } from "lucide-react";
import { SpriteIcon } from "@/components/ui/sprite";
import Link, { useLinkStatus } from "next/link";
import type { ReactNode } from "react";
import { useKeptFocus } from "@/components/ui/kept-focus";

// The look is `page-link` (app/globals.css), its icon sized there too.

/** The link's arrow turns into a spinner while the next page loads (same size: nothing shifts). */
function PageIcon({ rel }: { rel: "prev" | "next" }) {
  const { pending } = useLinkStatus();
  if (pending) return <SpriteIcon icon={LoaderCircle} className="animate-spin" />;
  return rel === "prev" ? <SpriteIcon icon={ChevronLeft} /> : <SpriteIcon icon={ChevronRight} />;
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
    const icon = rel === "prev" ? <SpriteIcon key="icon" icon={ChevronLeft} /> : <SpriteIcon key="icon" icon={ChevronRight} />;
    return (
      <span {...kept} tabIndex={focusKey ? -1 : undefined} aria-disabled="true" className="page-link cursor-not-allowed text-slate-400">
        {content(icon)}
      </span>
    );
  }
  return (
    <Link {...kept} href={href} rel={rel} prefetch={false} scroll={scroll} className="page-link bg-white text-slate-700 hover:bg-slate-50">
      {content(<PageIcon key="icon" rel={rel} />)}
    </Link>
  );
}
