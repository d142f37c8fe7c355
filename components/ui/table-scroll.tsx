import type { ReactNode } from "react";
import { cn } from "./cn";

/**
 * The sideways scroller of a table wider than a phone with nothing focusable inside. A scroller is scrolled from the
 * keyboard by focusing it or something inside it: here the box itself takes the focus, and as a focusable box it is a
 * named region (`label`, the table's title) so a screen reader says what it landed on, as the data table's box does.
 * Its focus ring is drawn inside, where the card's rounded clip does not cut it. Without a `label` (a table whose rows
 * are links: the keyboard scrolls the box by tabbing through them) it is a plain scroller.
 */
export function TableScroll({ label, className, children }: { label: string | undefined; className?: string; children: ReactNode }) {
  return (
    <div
      className={cn("overflow-x-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600", className)}
      {...(label === undefined ? {} : { tabIndex: 0, role: "region", "aria-label": label })}
    >
      {children}
    </div>
  );
}
