"use client";
import { useTranslations } from "use-intl";
import { ListTable, type ListTableData } from "@/components/data-table/list-table";
import { useCustomerColumns } from "./columns";
import type { CustomerRow } from "./rows";

const rowId = (row: CustomerRow) => row.id;
const customerHref = (row: CustomerRow) => `/customers/${encodeURIComponent(row.id)}`;

export function CustomersTable(props: ListTableData<CustomerRow>) {
  const t = useTranslations();
  const columns = useCustomerColumns({ locale: props.formatLocale, timeZone: props.timeZone });
  return (
    <ListTable
      {...props}
      tableId="customers"
      caption={t("customersList.caption")}
      columns={columns}
      getRowId={rowId}
      rowHref={customerHref}
      emptyTitle={t("customersList.emptyTitle")}
      emptyBody={t("customersList.emptyBody")}
      formatTotal={(count) => t("customersList.total", { count })}
    />
  );
}
