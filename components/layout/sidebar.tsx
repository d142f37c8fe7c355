"use client";
import { Activity, CreditCard, LayoutDashboard, Package, Repeat, RotateCw, Scale, Settings, Smartphone, Store, Users } from "lucide-react";
import Link from "next/link";
import type { ComponentType } from "react";
import { usePathname } from "next/navigation";
import { useTranslations } from "use-intl";
import { hasRole, type Role } from "@/lib/auth/roles";
import { cn } from "@/components/ui/cn";

const ITEMS = [
  { href: "/", key: "overview", icon: LayoutDashboard, role: "viewer" },
  { href: "/payments", key: "payments", icon: CreditCard, role: "viewer" },
  { href: "/customers", key: "customers", icon: Users, role: "viewer" },
  { href: "/subscriptions", key: "subscriptions", icon: Repeat, role: "viewer" },
  { href: "/renewals", key: "renewals", icon: RotateCw, role: "viewer" },
  { href: "/transfers", key: "transfers", icon: Smartphone, role: "viewer" },
  { href: "/reconciliation", key: "reconciliation", icon: Scale, role: "viewer" },
  { href: "/marketplace", key: "marketplace", icon: Store, role: "viewer" },
  { href: "/products", key: "products", icon: Package, role: "viewer" },
  { href: "/events", key: "events", icon: Activity, role: "viewer" },
  { href: "/settings", key: "settings", icon: Settings, role: "admin" },
] as const satisfies readonly { href: string; key: string; icon: ComponentType<{ className?: string }>; role: Role }[];

export function SidebarNav({ role, onNavigate }: { role: Role; onNavigate?: () => void }) {
  const t = useTranslations("nav");
  const pathname = usePathname();
  return (
    <nav aria-label={t("label")} className="flex flex-col gap-0.5">
      {ITEMS.filter((item) => hasRole(role, item.role)).map(({ href, key, icon: Icon }) => {
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
            <Icon aria-hidden className="size-4 shrink-0" />
            {t(key)}
          </Link>
        );
      })}
    </nav>
  );
}
