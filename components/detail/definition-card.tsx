import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { MISSING } from "@/components/ui/missing";

export type Definition = {
  label: string;
  /** null, undefined or "" show a dash: an empty field is part of the answer, not a gap in the layout. */
  value: ReactNode;
  /** A line under the value, e.g. what a figure means. */
  hint?: string;
  /** Leave the row out when the value is empty: for facts only some objects have (a refund, a cancellation). */
  optional?: boolean;
};

/** A titled card of label/value pairs: the body of every detail page. */
export function DefinitionCard({ title, items, className, children, footer }: { title: string; items: Definition[]; className?: string; children?: ReactNode; footer?: ReactNode }) {
  const shown = items.filter((item) => !(item.optional && isEmpty(item.value)));
  return (
    <Card className={cn("p-4 sm:p-5", className)}>
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      {children}
      {shown.length > 0 && (
        <dl className="mt-3 divide-y divide-slate-100">
          {shown.map((item) => (
            // Side by side even on a phone: most values are short, and a stacked list doubles the scrolling.
            <div key={item.label} className="grid grid-cols-[2fr_3fr] gap-3 py-2.5 sm:grid-cols-[minmax(8rem,2fr)_5fr] sm:gap-4">
              <dt className="text-sm text-slate-500">{item.label}</dt>
              <dd className="min-w-0 text-sm break-words text-slate-900">
                {isEmpty(item.value) ? MISSING : item.value}
                {item.hint && <p className="mt-0.5 text-xs text-slate-500">{item.hint}</p>}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {footer}
    </Card>
  );
}

const isEmpty = (value: ReactNode) => value === null || value === undefined || value === "" || value === false;
