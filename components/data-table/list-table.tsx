"use client";
import type { ColumnVisibilityState, RowData } from "@tanstack/react-table";
import { useTranslations } from "use-intl";
import type { DataTableColumn } from "./columns";
import { DataTable } from "./data-table";
import { timeZonePlace } from "@/lib/format/time";
import type { PackedRows } from "./packed-rows";
import { DataTablePagination } from "./pagination";
import { DataTableEmpty } from "./states";

/** What a list page's server part hands its client table: one page of rows and how it was reached. */
export type ListTableData<Row> = {
  /** The page's rows, packed for the trip to the browser (packed-rows.ts). */
  rows: PackedRows<Row>;
  next?: string;
  prev?: string;
  total?: number;
  columnVisibility: ColumnVisibilityState;
  /** Why an empty page is empty: filters set, or a cursor that led past the end. */
  filtered: boolean;
  paged: boolean;
  /** The operator's number/date locale (es-CR, en-US) and zone. */
  formatLocale: string;
  timeZone: string;
};

type ListTableProps<Row extends RowData> = Omit<ListTableData<Row>, "formatLocale" | "rows"> & {
  rows: Row[];
  saveColumnVisibility: (columns: ColumnVisibilityState) => Promise<unknown>;
  caption: string;
  columns: DataTableColumn<Row>[];
  getRowId: (row: Row) => string;
  rowHref?: (row: Row) => string;
  rowName?: (row: Row) => string;
  emptyTitle: string;
  emptyBody: string;
  formatTotal: (count: number) => string;
};

/**
 * The table, its empty state and its cursor pagination, as every list lays them out. Each list's declaration supplies
 * its columns, row links and words through createListTable (functions cannot cross from the server).
 */
export function ListTable<Row extends RowData>(props: ListTableProps<Row>) {
  const t = useTranslations();
  return (
    <DataTable
      saveColumnVisibility={props.saveColumnVisibility}
      caption={props.caption}
      columns={props.columns}
      rows={props.rows}
      getRowId={props.getRowId}
      rowHref={props.rowHref}
      rowName={props.rowName}
      initialColumnVisibility={props.columnVisibility}
      summary={t("dataTable.timeZone", { name: timeZonePlace(props.timeZone) })}
      empty={<DataTableEmpty filtered={props.filtered} paged={props.paged} title={props.emptyTitle} body={props.emptyBody} />}
      footer={<DataTablePagination next={props.next} prev={props.prev} total={props.total} formatTotal={props.formatTotal} />}
    />
  );
}
