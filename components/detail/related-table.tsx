import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { MISSING } from "@/components/ui/missing";

export type RelatedColumn = { label: string; align?: "start" | "end" };
export type RelatedRow = { key: string; cells: ReactNode[] };

/**
 * A small, read-only table of related records on a detail page (a customer's payments, a subscription's renewals).
 * Not the data table: a handful of rows needs no sorting, column menu or client JavaScript.
 */
export function RelatedTable(props: { title: string; columns: RelatedColumn[]; rows: RelatedRow[]; empty: string; aside?: ReactNode; footer?: ReactNode }) {
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-wrap items-baseline justify-between gap-2 px-4 pt-4 sm:px-5">
        <h2 className="text-sm font-semibold text-slate-900">{props.title}</h2>
        {props.aside}
      </div>
      {props.rows.length === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-500 sm:px-5">{props.empty}</p>
      ) : (
        // A table from sm up; on a phone each row becomes a small card of "label … value" lines (CSS only, the same
        // cells), because a sideways-scrolling table hides the columns that matter off screen.
        <div className="mt-3 sm:overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{props.title}</caption>
            <thead className="border-y border-slate-200 bg-slate-50 text-xs text-slate-500 max-sm:sr-only">
              <tr>
                {props.columns.map((column) => (
                  <th key={column.label} scope="col" className={cn("px-4 py-2 font-medium whitespace-nowrap sm:px-5", column.align === "end" ? "text-right" : "text-left")}>
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 max-sm:block max-sm:border-t max-sm:border-slate-200">
              {props.rows.map((row) => (
                <tr key={row.key} className="max-sm:block max-sm:px-4 max-sm:py-2.5">
                  {row.cells.map((cell, index) => (
                    <td
                      key={index}
                      data-label={props.columns[index]?.label}
                      className={cn(
                        "px-4 py-2.5 align-top text-slate-700 sm:px-5",
                        props.columns[index]?.align === "end" && "sm:text-right",
                        "max-sm:flex max-sm:items-baseline max-sm:justify-between max-sm:gap-4 max-sm:px-0 max-sm:py-1 max-sm:text-right",
                        "max-sm:before:shrink-0 max-sm:before:text-left max-sm:before:text-xs max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)]",
                      )}
                    >
                      {cell ?? MISSING}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {props.footer && <div className="border-t border-slate-200 px-4 py-3 sm:px-5">{props.footer}</div>}
    </Card>
  );
}
