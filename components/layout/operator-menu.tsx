"use client";
import { ChevronDown, LogOut } from "lucide-react";
import { SpriteIcon } from "@/components/ui/sprite";
import { useRef, useState } from "react";
import { useDismiss } from "@/components/ui/use-dismiss";
import { useTranslations } from "use-intl";
import type { Role } from "@/lib/auth/roles";

/** The operator's name, role and the sign-out button; the layout passes the server action that signs out. */
export function OperatorMenu({ name, email, role, signOut }: { name: string; email: string; role: Role; signOut: () => Promise<void> }) {
  const t = useTranslations();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useDismiss(open, ref, setOpen);

  const initials = name.split(/\s+/).map((part) => part[0]).slice(0, 2).join("").toUpperCase();
  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        className="flex items-center gap-2 rounded-md py-1 pr-1.5 pl-1 hover:bg-slate-100"
      >
        {/* Named by its purpose and the name shown (a name that contains what it shows): "Menú de la cuenta Adriana Mora". */}
        <span className="sr-only">{t("shell.operatorMenu")} </span>
        <span aria-hidden className="grid size-7 place-items-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-700">{initials}</span>
        <span className="hidden text-sm font-medium text-slate-700 sm:block">{name}</span>
        <SpriteIcon icon={ChevronDown} className="size-4 text-slate-400" />
      </button>
      {open && (
        <div role="menu" className="absolute right-0 z-30 mt-2 w-64 rounded-md bg-white py-1 shadow-lg ring-1 ring-slate-200">
          <div className="border-b border-slate-100 px-4 py-3">
            <div className="truncate text-sm font-medium text-slate-900">{name}</div>
            <div className="truncate text-xs text-slate-500">{email}</div>
            <div className="mt-1 text-xs text-slate-500">{t("shell.role", { role: t(`roles.${role}`) })}</div>
          </div>
          <form action={signOut}>
            <button type="submit" role="menuitem" className="flex w-full items-center gap-2 px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-50">
              <SpriteIcon icon={LogOut} className="size-4" />
              {t("shell.signOut")}
            </button>
          </form>
        </div>
      )}
    </div>
  );
}
