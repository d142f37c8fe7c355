"use client";
import { useTranslations } from "use-intl";
import { ListTable, type ListTableData } from "@/components/data-table/list-table";
import { useTransferColumns } from "./columns";
import type { TransferRow } from "./rows";

const rowId = (row: TransferRow) => row.id;
// The detail page is addressed by the reference: the one number the sender's bank receipt shows.
const transferHref = (row: TransferRow) => `/transfers/${encodeURIComponent(row.reference)}`;

export function TransfersTable(props: ListTableData<TransferRow>) {
  const t = useTranslations();
  const columns = useTransferColumns({ locale: props.formatLocale, timeZone: props.timeZone });
  return (
    <ListTable
      {...props}
      tableId="transfers"
      caption={t("transfersList.caption")}
      columns={columns}
      getRowId={rowId}
      rowHref={transferHref}
      emptyTitle={t("transfersList.emptyTitle")}
      emptyBody={t("transfersList.emptyBody")}
      formatTotal={(count) => t("transfersList.total", { count })}
    />
  );
}
