import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { MISSING } from "@/components/ui/missing";
import { Money } from "@/components/ui/money";
import { Time } from "@/components/ui/time";
import { dataTableColumnHelper, type DataTableColumn, type DataTableColumnMeta } from "./columns";

// Columns and cells most lists share, written once: when a record was created, an amount in its currency, an id.

type Format = { label: string; locale: string; timeZone: string };
/** What a list may add to a shared column's meta (e.g. hiddenByDefault where the list is wide). */
type More = Omit<DataTableColumnMeta, "label" | "align">;

/** The record's creation time in the operator's zone (UTC on hover). Its id is "created" in every list. */
export function createdColumn<Row extends { createdAt: string }>({ label, locale, timeZone }: Format, more?: More): DataTableColumn<Row> {
  return dataTableColumnHelper<Row>().display({
    id: "created",
    header: label,
    meta: { label, ...more },
    cell: ({ row }) => <Time value={row.original.createdAt} locale={locale} timeZone={timeZone} inCell />,
  });
}

/** Integer minor units in the record's currency, right-aligned with tabular digits. */
export function amountColumn<Row extends { amount: number; currency: string }>({ label, locale }: Omit<Format, "timeZone">): DataTableColumn<Row> {
  return dataTableColumnHelper<Row>().display({
    id: "amount",
    header: label,
    meta: { label, align: "end" },
    cell: ({ row }) => <Money amount={row.original.amount} currency={row.original.currency} locale={locale} className="amount-strong" />,
  });
}

/** An id or reference in full on hover and for a copy, cut short on screen. */
export function CodeCell({ value }: { value: string }) {
  return (
    <div title={value} className="cell-code">
      {value}
    </div>
  );
}

/**
 * Two lines in one cell, each cut short at `className`'s width (a max-w-* class): the first (a name) above, the second
 * (its e-mail, its id) muted below; the second is left out when there is none. `firstTitle`: the first line's hover text.
 */
export function LinesCell({ first, second, className, firstTitle }: { first: ReactNode; second?: ReactNode; className: string; firstTitle?: string }) {
  return (
    <div className={cn("cell-lines", className)}>
      <div title={firstTitle}>{first}</div>
      {second ? <div>{second}</div> : null}
    </div>
  );
}

/** Free text (a description, an e-mail) cut short at `className`'s width, whole on hover; the missing mark when empty. */
export function TextCell({ value, className }: { value: string | null; className: string }) {
  if (!value) return MISSING;
  return (
    <div title={value} className={cn("truncate", className)}>
      {value}
    </div>
  );
}
