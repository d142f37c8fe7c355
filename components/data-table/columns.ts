import {
  columnVisibilityFeature,
  createColumnHelper,
  metaHelper,
  tableFeatures,
  type ColumnDef,
  type RowData,
} from "@tanstack/react-table";

/** What a column tells the generic table about itself, beyond its header and cell. */
export type DataTableColumnMeta = {
  /** The column's name in the column menu (a header may be an icon or empty). */
  label: string;
  /** "end" for amounts: right-aligned, tabular digits, so magnitudes line up. */
  align?: "start" | "end";
  /** Extra classes for the body cells (e.g. a max width that truncates a long description). */
  cellClassName?: string;
  /**
   * Left out until the operator shows it from the column menu (a secondary column that would push the main ones, or
   * the row's action, beyond the width of the operators' screen). The operator's saved choice wins.
   */
  hiddenByDefault?: boolean;
  /**
   * "end": the column stays in view at the table's right edge while the rest scrolls sideways (the row's action,
   * e.g. a follow-up button): the last visible column should be the one that sets it. From the md breakpoint only:
   * on a phone it would cover most of the narrow box, and there it scrolls with the others (app/globals.css).
   */
  sticky?: "end";
};

/** The visibility a table starts with: its columns hidden by default, then the operator's saved choice over them. */
export function initialVisibility(columns: readonly { id?: string; meta?: DataTableColumnMeta }[], saved: Record<string, boolean> = {}): Record<string, boolean> {
  const defaults = Object.fromEntries(columns.filter((column) => column.id && column.meta?.hiddenByDefault).map((column) => [column.id!, false]));
  return { ...defaults, ...saved };
}

// The one feature set every list uses. The server pages, filters and sorts (manual mode), so the table needs no
// client row models: only column visibility, which the operator chooses and the table remembers.
export const dataTableFeatures = tableFeatures({
  columnVisibilityFeature,
  columnMeta: metaHelper<DataTableColumnMeta>(),
});

export type DataTableFeatures = typeof dataTableFeatures;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of one table carry different value types
export type DataTableColumn<Row extends RowData> = ColumnDef<DataTableFeatures, Row, any>;

/** A column helper bound to the shared features: `const column = dataTableColumnHelper<PaymentRow>()`. */
export function dataTableColumnHelper<Row extends RowData>() {
  return createColumnHelper<DataTableFeatures, Row>();
}
