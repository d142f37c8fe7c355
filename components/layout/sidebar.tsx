"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "use-intl";
import { hasRole, type Role } from "@/lib/auth/roles";
import type { Messages } from "@/lib/i18n/messages/es";
import { SPRITE_URL } from "@/components/ui/sprite";

/** One entry: its page, its name (nav.<key>), its icon's id in the sprite (components/ui/sprite.tsx), and the least role that sees it. */
export type NavItem = { href: string; key: Exclude<keyof Messages["nav"], "label">; icon: string; role: Role };

// The links' look is said once, on the nav (`nav-links` in app/globals.css), rather than on each link and icon: the
// shell is in every page's HTML.

export function SidebarNav({ items, role, onNavigate }: { items: readonly NavItem[]; role: Role; onNavigate?: () => void }) {
  const t = useTranslations("nav");
  const pathname = usePathname();
  return (
    <nav aria-label={t("label")} className="nav-links">
      {items.filter((item) => hasRole(role, item.role)).map(({ href, key, icon }) => {
        const active = href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);
        return (
          <Link
            key={href}
            href={href}
            onClick={onNavigate}
            aria-current={active ? "page" : undefined}
          >
            <svg aria-hidden>
              <use href={`${SPRITE_URL}#${icon}`} />
            </svg>
            {t(key)}
          </Link>
        );
      })}
    </nav>
  );
}
