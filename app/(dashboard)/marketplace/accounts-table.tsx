"use client";
import { useTranslations } from "use-intl";
import { ListTable, type ListTableData } from "@/components/data-table/list-table";
import { useAccountColumns } from "./columns";
import type { AccountRow } from "./rows";

const rowId = (row: AccountRow) => row.id;

/** Read-only: connected accounts have no detail page yet, so rows lead nowhere. */
export function AccountsTable(props: ListTableData<AccountRow>) {
  const t = useTranslations();
  const columns = useAccountColumns({ locale: props.formatLocale, timeZone: props.timeZone });
  return (
    <ListTable
      {...props}
      tableId="connected-accounts"
      caption={t("accountsList.caption")}
      columns={columns}
      getRowId={rowId}
      emptyTitle={t("accountsList.emptyTitle")}
      emptyBody={t("accountsList.emptyBody")}
      formatTotal={(count) => t("accountsList.total", { count })}
    />
  );
}
