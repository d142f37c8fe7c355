"use client";
import { useTranslations } from "use-intl";
import { ListTable, type ListTableData } from "@/components/data-table/list-table";
import { useSubscriptionColumns } from "./columns";
import type { SubscriptionRow } from "./rows";

const rowId = (row: SubscriptionRow) => row.id;
const subscriptionHref = (row: SubscriptionRow) => `/subscriptions/${encodeURIComponent(row.id)}`;

export function SubscriptionsTable(props: ListTableData<SubscriptionRow>) {
  const t = useTranslations();
  const columns = useSubscriptionColumns({ locale: props.formatLocale, timeZone: props.timeZone });
  return (
    <ListTable
      {...props}
      tableId="subscriptions"
      caption={t("subscriptionsList.caption")}
      columns={columns}
      getRowId={rowId}
      rowHref={subscriptionHref}
      emptyTitle={t("subscriptionsList.emptyTitle")}
      emptyBody={t("subscriptionsList.emptyBody")}
      formatTotal={(count) => t("subscriptionsList.total", { count })}
    />
  );
}
