"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { SPRITE_URL } from "@/components/ui/sprite";

/** One entry as the browser gets it: its page, its name in the operator's language, its icon's id in the sprite. */
export type NavLink = { href: string; label: string; icon: string };

// The links' look is said once, on the nav (`nav-links` in app/globals.css), rather than on each link and icon: the
// shell is in every page's HTML.

/**
 * Not prefetched (`prefetch={false}`): Next's default fetched every page the sidebar names, its tree and then its
 * segments, on every page load (26 requests, each running the dashboard layout and its session check), about half of
 * the server's work for a page view. A click asks for the page then, as the lists' paging links do.
 *
 * The sidebar's links, only those the operator's role may open (the server chose and worded them: the browser gets
 * no catalog for them). `label` names the navigation landmark.
 */
export function SidebarNav({ items, label, onNavigate }: { items: readonly NavLink[]; label: string; onNavigate?: () => void }) {
  const current = currentHref(items, usePathname());
  return (
    <nav aria-label={label} className="nav-links">
      {items.map(({ href, label: name, icon }) => {
        const active = href === current;
        return (
          <Link key={href} href={href} prefetch={false} onClick={onNavigate} aria-current={active ? "page" : undefined}>
            <svg aria-hidden>
              <use href={`${SPRITE_URL}#${icon}`} />
            </svg>
            {name}
          </Link>
        );
      })}
    </nav>
  );
}

/**
 * The one entry the page is under: the longest href that is the path or a folder above it, so /renewals/failed marks
 * "Failed renewals" and not also "Renewals". "/" is current only on the Overview itself.
 */
export function currentHref(items: readonly Pick<NavLink, "href">[], pathname: string): string | undefined {
  let best: string | undefined;
  for (const { href } of items) {
    const under = href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);
    if (under && (best === undefined || href.length > best.length)) best = href;
  }
  return best;
}
