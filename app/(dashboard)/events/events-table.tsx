"use client";
import { useTranslations } from "use-intl";
import { ListTable, type ListTableData } from "@/components/data-table/list-table";
import { useEventColumns } from "./columns";
import type { EventRow } from "./rows";

const rowId = (row: EventRow) => String(row.id);
const eventHref = (row: EventRow) => `/events/${row.id}`;

export function EventsTable(props: ListTableData<EventRow>) {
  const t = useTranslations();
  const columns = useEventColumns({ locale: props.formatLocale, timeZone: props.timeZone });
  return (
    <ListTable
      {...props}
      tableId="events"
      caption={t("events.caption")}
      columns={columns}
      getRowId={rowId}
      rowHref={eventHref}
      emptyTitle={t("events.emptyTitle")}
      emptyBody={t("events.emptyBody")}
      formatTotal={(count) => t("events.total", { count })}
    />
  );
}
