"use client";
import { useTranslations } from "use-intl";
import { ListTable, type ListTableData } from "@/components/data-table/list-table";
import { useRenewalColumns } from "./columns";
import type { RenewalRow } from "./rows";

const rowId = (row: RenewalRow) => row.id;
// A renewal is read in its subscription's context (its other periods, its items), so the row opens the subscription.
const renewalHref = (row: RenewalRow) => `/subscriptions/${encodeURIComponent(row.subscriptionId)}`;

export function RenewalsTable(props: ListTableData<RenewalRow>) {
  const t = useTranslations();
  const columns = useRenewalColumns({ locale: props.formatLocale, timeZone: props.timeZone });
  return (
    <ListTable
      {...props}
      tableId="renewals"
      caption={t("renewalsList.caption")}
      columns={columns}
      getRowId={rowId}
      rowHref={renewalHref}
      emptyTitle={t("renewalsList.emptyTitle")}
      emptyBody={t("renewalsList.emptyBody")}
      formatTotal={(count) => t("renewalsList.total", { count })}
    />
  );
}
