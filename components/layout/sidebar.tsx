"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
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
  const pathname = usePathname();
  return (
    <nav aria-label={label} className="nav-links">
      {items.map(({ href, label: name, icon }) => {
        const active = href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);
        return (
          <Link key={href} href={href} onClick={onNavigate} aria-current={active ? "page" : undefined}>
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
