"use client";
import { functionalUpdate, useTable, type ColumnVisibilityState, type RowData, type Updater } from "@tanstack/react-table";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition, type MouseEvent, type ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { ColumnVisibilityMenu } from "./column-visibility-menu";
import { dataTableFeatures, type DataTableColumn } from "./columns";

export type DataTableProps<Row extends RowData> = {
  /** Remembers the operator's column choice (the app's server action): called after each change, not awaited. */
  saveColumnVisibility?: (columns: ColumnVisibilityState) => Promise<unknown>;
  /** The table's accessible name. */
  caption: string;
  /** Stable (module scope or useMemo): a new array each render rebuilds the table. */
  columns: DataTableColumn<Row>[];
  /** One page, as the server fetched it: the table neither sorts, filters nor pages. */
  rows: Row[];
  getRowId: (row: Row) => string;
  /** Where a row leads (its detail page). The first visible cell becomes the link; a click anywhere on the row follows it. */
  rowHref?: (row: Row) => string;
  /**
   * What the row's link says besides its first cell (a time alone names no row): the row's id unless said otherwise,
   * for screen readers only.
   */
  rowName?: (row: Row) => string;
  /** The operator's saved choice, loaded on the server with getColumnVisibility(). */
  initialColumnVisibility?: ColumnVisibilityState;
  /** Left of the column menu, above the table (e.g. the zone the times are in). */
  summary?: ReactNode;
  /** Shown instead of the rows when there are none (components/data-table/states.tsx). */
  empty?: ReactNode;
  /** Below the table: the pagination. */
  footer?: ReactNode;
};

// Every body cell's look, and the row links', said once on the tbody (`data-rows` in app/globals.css) rather than on
// each of up to 100 × 10 cells: a page's HTML (and the time to render, compress and send it) grows with every byte
// repeated per cell.

// A click on the row follows its link, unless it was on something interactive or ended a text selection.
function followRow(event: MouseEvent<HTMLTableRowElement>, href: string, push: (href: string) => void) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  if ((event.target as HTMLElement).closest("a, button, input, select, label")) return;
  if (window.getSelection()?.toString()) return;
  push(href);
}

export function DataTable<Row extends RowData>(props: DataTableProps<Row>) {
  const { columns, rows, getRowId, rowHref, rowName = getRowId, saveColumnVisibility } = props;
  const router = useRouter();
  const [, startSaving] = useTransition();
  const [columnVisibility, setColumnVisibility] = useState<ColumnVisibilityState>(props.initialColumnVisibility ?? {});

  const onColumnVisibilityChange = (updater: Updater<ColumnVisibilityState>) => {
    // A plain copy: the table builds its maps without a prototype, which a server action cannot receive.
    const next = { ...functionalUpdate(updater, columnVisibility) };
    setColumnVisibility(next);
    // Fire and forget: the view has already changed; a lost save only means the choice is not remembered.
    startSaving(async () => {
      await saveColumnVisibility?.(next);
    });
  };

  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: rows,
    getRowId,
    state: { columnVisibility },
    onColumnVisibilityChange,
  });

  return (
    <Card className="overflow-hidden">
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-2">
        <div className="min-w-0 text-xs text-slate-500">{props.summary}</div>
        <ColumnVisibilityMenu table={table} />
      </div>
      {rows.length === 0 && props.empty ? (
        props.empty
      ) : (
        // The scroll box gives wide tables a horizontal scroll and, from md up, fills the viewport below the filters so
        // the sticky header has something to stick to without a second, page-level scroll. With no row links inside,
        // the box itself takes the focus (named by the caption), so the keyboard can scroll it too.
        <div
          className="overflow-auto md:max-h-[calc(100dvh-24rem)] md:min-h-72"
          {...(rowHref ? {} : { tabIndex: 0, role: "region", "aria-label": props.caption })}
        >
          <table className="w-full border-separate border-spacing-0 text-sm">
            <caption className="sr-only">{props.caption}</caption>
            <thead className="data-head">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => (
                    <th key={header.id} scope="col" className={header.column.columnDef.meta?.align === "end" ? "cell-end" : undefined}>
                      {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                    </th>
                  ))}
                </tr>
              ))}
            </thead>
            <tbody className={cn("data-rows", rowHref && "[&>tr]:cursor-pointer")}>
              {table.getRowModel().rows.map((row) => {
                const href = rowHref?.(row.original);
                return (
                  <tr
                    key={row.id}
                    data-row-id={row.id}
                    onClick={href ? (event) => followRow(event, href, router.push) : undefined}
                  >
                    {row.getVisibleCells().map((cell, index) => {
                      const meta = cell.column.columnDef.meta;
                      const content = <table.FlexRender cell={cell} />;
                      return (
                        <td key={cell.id} className={cn(meta?.align === "end" && "cell-end", meta?.cellClassName) || undefined}>
                          {href && index === 0 ? (
                            <Link href={href} prefetch={false}>
                              {content}
                              <span className="sr-only">{` ${rowName(row.original)}`}</span>
                            </Link>
                          ) : (
                            content
                          )}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {props.footer}
    </Card>
  );
}
