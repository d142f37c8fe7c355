import { ChevronDown } from "lucide-react";
import { SPRITE_URL, spriteId } from "@/components/ui/sprite";
import type { ComponentProps } from "react";
import { cn } from "./cn";

const CHEVRON = spriteId(ChevronDown);

/** A native select styled like Input: the platform's own picker, which phones and screen readers know best. */
export function Select({ className, children, ...props }: ComponentProps<"select">) {
  return (
    <div className={cn("relative", className)}>
      {/* The select's and its chevron's look: `select-field` (app/globals.css). */}
      <select className="select-field" {...props}>
        {children}
      </select>
      <svg aria-hidden>
        <use href={`${SPRITE_URL}#${CHEVRON}`} />
      </svg>
    </div>
  );
}
