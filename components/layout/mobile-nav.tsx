"use client";
import { Menu, X } from "lucide-react";
import { SpriteIcon } from "@/components/ui/sprite";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Brand } from "./brand";
import { SidebarNav, type NavLink } from "./sidebar";

/** The sidebar as a drawer on narrow screens. */
export function MobileNav({ items, label }: { items: readonly NavLink[]; label: string }) {
  const t = useTranslations("shell");
  const [open, setOpen] = useState(false);
  return (
    <div className="md:hidden">
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-md p-2 text-slate-600 hover:bg-slate-100"
        aria-label={t("openMenu")}
      >
        <SpriteIcon icon={Menu} className="size-5" />
      </button>
      {open && (
        <div className="fixed inset-0 z-40 flex">
          <div className="fixed inset-0 bg-slate-900/50" onClick={() => setOpen(false)} />
          <div className="relative flex w-64 flex-col gap-6 bg-slate-900 p-3 pt-4">
            <div className="flex items-center justify-between">
              <Brand />
              <button type="button" onClick={() => setOpen(false)} aria-label={t("closeMenu")} className="p-1 text-slate-300">
                <SpriteIcon icon={X} className="size-5" />
              </button>
            </div>
            <SidebarNav items={items} label={label} onNavigate={() => setOpen(false)} />
          </div>
        </div>
      )}
    </div>
  );
}
