import { ChevronDown } from "lucide-react";
import { SpriteIcon } from "@/components/ui/sprite";
import type { ComponentProps } from "react";
import { cn } from "./cn";

/** A native select styled like Input: the platform's own picker, which phones and screen readers know best. */
export function Select({ className, children, ...props }: ComponentProps<"select">) {
  return (
    <div className={cn("relative", className)}>
      <select
        className={cn(
          "block w-full appearance-none rounded-md border-0 bg-white py-2 pr-8 pl-3 text-sm text-slate-900 shadow-xs",
          "ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600 focus:ring-inset disabled:text-slate-400",
        )}
        {...props}
      >
        {children}
      </select>
      <SpriteIcon icon={ChevronDown} className="pointer-events-none absolute top-1/2 right-2 size-4 -translate-y-1/2 text-slate-400" />
    </div>
  );
}
