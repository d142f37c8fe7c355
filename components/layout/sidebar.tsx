"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "use-intl";
import { hasRole, type Role } from "@/lib/auth/roles";
import type { Messages } from "@/lib/i18n/messages/es";
import { SpriteIcon } from "@/components/ui/sprite";

/** One entry: its page, its name (nav.<key>), its icon's id in the sprite (components/ui/sprite.tsx), and the least role that sees it. */
export type NavItem = { href: string; key: Exclude<keyof Messages["nav"], "label">; icon: string; role: Role };

// The links' look, said once on the nav rather than on each link (the shell is in every page's HTML).
const LINKS =
  "flex flex-col gap-0.5 [&>a]:flex [&>a]:items-center [&>a]:gap-3 [&>a]:rounded-md [&>a]:px-3 [&>a]:py-2 [&>a]:text-sm [&>a]:font-medium";

export function SidebarNav({ items, role, onNavigate }: { items: readonly NavItem[]; role: Role; onNavigate?: () => void }) {
  const t = useTranslations("nav");
  const pathname = usePathname();
  return (
    <nav aria-label={t("label")} className={LINKS}>
      {items.filter((item) => hasRole(role, item.role)).map(({ href, key, icon }) => {
        const active = href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);
        return (
          <Link
            key={href}
            href={href}
            onClick={onNavigate}
            aria-current={active ? "page" : undefined}
            className={active ? "bg-slate-800 text-white" : "text-slate-300 hover:bg-slate-800/60 hover:text-white"}
          >
            <SpriteIcon icon={icon} className="size-4" />
            {t(key)}
          </Link>
        );
      })}
    </nav>
  );
}
