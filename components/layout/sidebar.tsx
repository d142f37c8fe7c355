"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState, type ReactNode } from "react";
import { SPRITE_URL } from "@/components/ui/sprite";

/** One entry as the browser gets it: its page, its name in the operator's language, its icon's id in the sprite. */
export type NavLink = { href: string; label: string; icon: string };

// The links' look is said once, on the nav (`nav-links` in app/globals.css), rather than on each link and icon: the
// shell is in every page's HTML.

/**
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
          <IntentLink key={href} href={href} onClick={onNavigate} current={active}>
            <svg aria-hidden>
              <use href={`${SPRITE_URL}#${icon}`} />
            </svg>
            {name}
          </IntentLink>
        );
      })}
    </nav>
  );
}

/**
 * A sidebar link prefetched once the operator reaches for it (pointer over it, or keyboard focus on it), not when it
 * is shown: Next's default asked the server for every page the sidebar names, twice each (the route's tree, then its
 * segments: 26 requests, each running the dashboard layout and its session check), on every page load. Next's own
 * pattern for hover prefetching: `false` until then, then its default.
 */
function IntentLink({ href, current, onClick, children }: { href: string; current: boolean; onClick?: () => void; children: ReactNode }) {
  const [reached, setReached] = useState(false);
  const reach = () => setReached(true);
  return (
    <Link href={href} prefetch={reached ? null : false} onMouseEnter={reach} onFocus={reach} onClick={onClick} aria-current={current ? "page" : undefined}>
      {children}
    </Link>
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
