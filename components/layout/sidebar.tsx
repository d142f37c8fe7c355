"use client";
import Link from "next/link";
import type { ReactNode } from "react";
import { usePathname } from "next/navigation";
import { useTranslations } from "use-intl";
import { hasRole, type Role } from "@/lib/auth/roles";
import type { Messages } from "@/lib/i18n/messages/es";
import { cn } from "@/components/ui/cn";

/** One entry: its page, its name (nav.<key>), its icon already drawn, and the least role that sees it. */
export type NavItem = { href: string; key: Exclude<keyof Messages["nav"], "label">; icon: ReactNode; role: Role };

export function SidebarNav({ items, role, onNavigate }: { items: readonly NavItem[]; role: Role; onNavigate?: () => void }) {
  const t = useTranslations("nav");
  const pathname = usePathname();
  return (
    <nav aria-label={t("label")} className="flex flex-col gap-0.5">
      {items.filter((item) => hasRole(role, item.role)).map(({ href, key, icon }) => {
        const active = href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);
        return (
          <Link
            key={href}
            href={href}
            onClick={onNavigate}
            aria-current={active ? "page" : undefined}
            className={cn(
              "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium",
              active ? "bg-slate-800 text-white" : "text-slate-300 hover:bg-slate-800/60 hover:text-white",
            )}
          >
            {icon}
            {t(key)}
          </Link>
        );
      })}
    </nav>
  );
}
