"use client";
import { useTranslations } from "use-intl";
import { DataTable } from "@/components/data-table/data-table";
import { DataTablePagination } from "@/components/data-table/pagination";
import { DataTableEmpty } from "@/components/data-table/states";
import type { ColumnVisibilityState } from "@tanstack/react-table";
import { usePaymentColumns } from "./columns";
import type { PaymentRow } from "./rows";

const rowId = (row: PaymentRow) => row.id;
const paymentHref = (row: PaymentRow) => `/payments/${encodeURIComponent(row.id)}`;

export type PaymentsTableProps = {
  rows: PaymentRow[];
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

export function PaymentsTable(props: PaymentsTableProps) {
  const t = useTranslations();
  const columns = usePaymentColumns({ locale: props.formatLocale, timeZone: props.timeZone });
  return (
    <DataTable
      tableId="payments"
      caption={t("payments.caption")}
      columns={columns}
      rows={props.rows}
      getRowId={rowId}
      rowHref={paymentHref}
      initialColumnVisibility={props.columnVisibility}
      summary={t("dataTable.timeZone", { name: props.timeZone })}
      empty={<DataTableEmpty filtered={props.filtered} paged={props.paged} title={t("payments.emptyTitle")} body={t("payments.emptyBody")} />}
      footer={
        <DataTablePagination next={props.next} prev={props.prev} total={props.total} formatTotal={(count) => t("payments.total", { count })} />
      }
    />
  );
}
