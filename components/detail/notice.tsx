import { AlertTriangle, Info } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

const tones = {
  warning: { box: "bg-amber-50 ring-amber-200 text-amber-900", icon: AlertTriangle, iconClass: "text-amber-500" },
  info: { box: "bg-indigo-50 ring-indigo-200 text-indigo-900", icon: Info, iconClass: "text-indigo-500" },
} as const;

/** Something about this object an operator must not miss, above its details (a conflict, a record the API lacks). */
export function Notice({ tone, title, children }: { tone: keyof typeof tones; title: string; children: ReactNode }) {
  const look = tones[tone];
  const Icon = look.icon;
  return (
    <div role={tone === "warning" ? "alert" : "status"} className={cn("mb-4 flex gap-3 rounded-lg p-4 ring-1 ring-inset", look.box)}>
      <Icon aria-hidden className={cn("mt-0.5 size-5 shrink-0", look.iconClass)} />
      <div className="min-w-0 text-sm">
        <p className="font-semibold">{title}</p>
        <div className="mt-1">{children}</div>
      </div>
    </div>
  );
}
