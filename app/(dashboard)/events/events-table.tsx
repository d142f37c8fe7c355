"use client";
import type { ColumnVisibilityState } from "@tanstack/react-table";
import { useTranslations } from "use-intl";
import { DataTable } from "@/components/data-table/data-table";
import { DataTablePagination } from "@/components/data-table/pagination";
import { DataTableEmpty } from "@/components/data-table/states";
import { useEventColumns } from "./columns";
import type { EventRow } from "./rows";

const rowId = (row: EventRow) => String(row.id);
const eventHref = (row: EventRow) => `/events/${row.id}`;

export type EventsTableProps = {
  rows: EventRow[];
  /** Event ids for the shared pagination's cursors (older after `next`, newer before `prev`). */
  next?: string;
  prev?: string;
  total: number;
  columnVisibility: ColumnVisibilityState;
  /** Why an empty page is empty: filters set, or a cursor that led past the end. */
  filtered: boolean;
  paged: boolean;
  /** The operator's number/date locale (es-CR, en-US) and zone. */
  formatLocale: string;
  timeZone: string;
};

export function EventsTable(props: EventsTableProps) {
  const t = useTranslations();
  const columns = useEventColumns({ locale: props.formatLocale, timeZone: props.timeZone });
  return (
    <DataTable
      tableId="events"
      caption={t("events.caption")}
      columns={columns}
      rows={props.rows}
      getRowId={rowId}
      rowHref={eventHref}
      initialColumnVisibility={props.columnVisibility}
      summary={t("dataTable.timeZone", { name: props.timeZone })}
      empty={<DataTableEmpty filtered={props.filtered} paged={props.paged} title={t("events.emptyTitle")} body={t("events.emptyBody")} />}
      footer={<DataTablePagination next={props.next} prev={props.prev} total={props.total} formatTotal={(count) => t("events.total", { count })} />}
    />
  );
}
