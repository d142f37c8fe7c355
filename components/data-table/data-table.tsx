"use client";
import { functionalUpdate, useTable, type ColumnVisibilityState, type RowData, type Updater, type CellContext, type Column, type Row as TableRow, type Table } from "@tanstack/react-table";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useState, useTransition, type MouseEvent, type ReactNode } from "react";
import { rememberListUrl } from "@/components/ui/list-memory";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { TableScroll } from "@/components/ui/table-scroll";
import { ColumnVisibilityMenu } from "./column-visibility-menu";
import { dataTableFeatures, initialVisibility, type DataTableColumn, type DataTableFeatures } from "./columns";

export type DataTableProps<Row extends RowData> = {
  /** Remembers the operator's column choice (the app's server action): called after each change, not awaited. */
  saveColumnVisibility?: (columns: ColumnVisibilityState) => Promise<unknown>;
  /** The table's accessible name. */
  caption: string;
  /** Stable (module scope or useMemo): a new array each render rebuilds the table's columns. */
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
//
// The table is TanStack's (manual mode: the server pages, filters and sorts, so it has no row models of its own beyond
// the core one, and only the column visibility feature). Its headers, column order and visibility come from its
// model; each body cell is its column's `cell` called as a plain function with the cell's context (cellContext), not rendered
// through <table.FlexRender>, which makes every cell a component of its own; and each row's link is a plain <a>,
// followed through the router by one click handler on the tbody, not a router <Link> per row. The server renders
// this table for every page it serves, and a component per cell and a <Link> per row were most of a list page's CPU
// (bench:pages). The rows reach the browser as their compact JSON, once; a server component drawing them would send
// each cell twice, as HTML and again as its element tree in the page's RSC payload.

/** The row's link: the first thing in its first cell (DataTable puts it there). */
const rowLink = (row: HTMLTableRowElement | null) => {
  const first = row?.cells[0]?.firstElementChild;
  return first instanceof HTMLAnchorElement ? first : null;
};

/**
 * A click on a row follows its link through the router (no full page load), unless it was on something else
 * interactive (a disclosure in the row too: its summary, or what it shows once open), asked for a new tab or window,
 * or ended a text selection. One handler on the tbody, not one per row.
 */
function followRow(event: MouseEvent<HTMLElement>, push: (href: string) => void) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const target = event.target as HTMLElement;
  const link = rowLink(target.closest("tr"));
  const interactive = target.closest("a, button, input, select, label, details");
  if (!link || (interactive && interactive !== link)) return;
  if (!interactive && window.getSelection()?.toString()) return;
  event.preventDefault();
  push(link.getAttribute("href")!);
}

/** A cell's content: its column's `cell` called directly (a column's cells must not use hooks), or its template text. */
function renderCell<Ctx>(template: ((context: Ctx) => ReactNode) | ReactNode, context: Ctx): ReactNode {
  return typeof template === "function" ? (template as (context: Ctx) => ReactNode)(context) : template;
}

/**
 * A cell's context from its row and column, as `cell.getContext()` gives it, but without building every cell of the
 * row first (`row.getVisibleCells()` makes a cell object and a memoised context for each): the row's cells are made
 * only if a column's cell asks for its `cell`. Measured on /payments and /customers (bench:pages), going through
 * getVisibleCells() and getContext() cost about 1–2 ms more CPU per page than this.
 */
function cellContext<Row extends RowData>(
  table: Table<DataTableFeatures, Row>,
  row: TableRow<DataTableFeatures, Row>,
  column: Column<DataTableFeatures, Row, unknown>,
): CellContext<DataTableFeatures, Row, unknown> {
  return {
    table,
    row,
    column,
    getValue: () => row.getValue(column.id),
    renderValue: () => row.renderValue(column.id),
    get cell() {
      return row.getAllCellsByColumnId()[column.id]!;
    },
  };
}

/** A column's placement classes, its header's and its cells' alike: aligned, and kept in view at the right edge. */
const headClass = (meta: DataTableColumn<never>["meta"]) => cn(meta?.align === "end" && "cell-end", meta?.sticky === "end" && "cell-sticky-end") || undefined;

export function DataTable<Row extends RowData>(props: DataTableProps<Row>) {
  const { columns, rows, getRowId, rowHref, rowName = getRowId, saveColumnVisibility } = props;
  const router = useRouter();
  const [, startSaving] = useTransition();
  // This list as the operator has it now (filters, page): the detail pages' way back returns here.
  // (Outside the app router — a test's render — there is no path or query, and nothing to remember.)
  const pathname = usePathname() as string | null;
  const search = (useSearchParams() as URLSearchParams | null)?.toString() ?? "";
  useEffect(() => {
    if (pathname) rememberListUrl(pathname, search);
  }, [pathname, search]);
  const [columnVisibility, setColumnVisibility] = useState<ColumnVisibilityState>(() => initialVisibility(columns, props.initialColumnVisibility));

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

  // Each visible column's body class, once per column rather than once per cell.
  const visible = table.getVisibleLeafColumns();
  const cellClasses = visible.map(({ columnDef: { meta } }) => cn(headClass(meta), meta?.cellClassName) || undefined);

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
        // the box itself takes the focus (named by the caption), so the keyboard can scroll it too. Its frame shades
        // the edge that has more columns beyond it (`scroll-edges` in app/globals.css, CSS only).
        <div className="scroll-edges">
          <TableScroll label={rowHref ? undefined : props.caption} className="overflow-y-auto md:max-h-[calc(100dvh-24rem)] md:min-h-72">
            <table className="w-full border-separate border-spacing-0 text-sm">
              <caption className="sr-only">{props.caption}</caption>
              <thead className="data-head">
                {table.getHeaderGroups().map((group) => (
                  <tr key={group.id}>
                    {group.headers.map((header) => (
                      <th key={header.id} scope="col" className={headClass(header.column.columnDef.meta)}>
                        {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                      </th>
                    ))}
                  </tr>
                ))}
              </thead>
              <tbody className={cn("data-rows", rowHref && "[&>tr]:cursor-pointer")} onClick={rowHref ? (event) => followRow(event, router.push) : undefined}>
                {table.getRowModel().rows.map((row) => {
                  const href = rowHref?.(row.original);
                  return (
                    <tr key={row.id} data-row-id={row.id}>
                      {visible.map((column, index) => {
                        const content = renderCell(column.columnDef.cell, cellContext(table, row, column));
                        return (
                          <td key={column.id} className={cellClasses[index]}>
                            {href && index === 0 ? (
                              <a href={href}>
                                {content}
                                <span className="sr-only">{` ${rowName(row.original)}`}</span>
                              </a>
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
          </TableScroll>
        </div>
      )}
      {props.footer}
    </Card>
  );
}
