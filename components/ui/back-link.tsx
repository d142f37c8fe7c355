"use client";
import { ArrowLeft } from "lucide-react";
import Link from "next/link";
import { useSyncExternalStore, type ReactNode } from "react";
import { LIST_ROWS_ANCHOR } from "./list-anchor";
import { rememberedListUrl } from "./list-memory";
import { SpriteIcon } from "./sprite";

/**
 * The way back from a page to the one it belongs to (a detail page's list, a decision's queue): one look wherever it is.
 * indigo-700 reads as a link and keeps 7.7:1 on the page's slate-50 (8.1:1 on a white card); AA asks 4.5:1.
 */
/** sessionStorage tells no one of its changes; the remembered URL is read at each render. */
const noChanges = () => () => {};

/**
 * `toRows`: lands on the list's filters and rows rather than its top, for a list whose figures above push the rows
 * below the fold (the reconciliation queues: at 1440×900 the first row was under the window's edge).
 */
export function BackLink({ href, children, scroll, toRows }: { href: string; children: ReactNode; scroll?: boolean; toRows?: boolean }) {
  // A bare list path leads back to that list as the operator last had it in this tab (its filters and page), once the
  // page is in the browser; the server's render links the bare list.
  const target = useSyncExternalStore(
    noChanges,
    () => (!href.includes("?") && rememberedListUrl(href)) || href,
    () => href,
  );
  return (
    <Link
      href={toRows ? `${target}#${LIST_ROWS_ANCHOR}` : target}
      scroll={scroll}
      className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-indigo-700 hover:text-indigo-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      <SpriteIcon icon={ArrowLeft} className="size-4" />
      {children}
    </Link>
  );
}
