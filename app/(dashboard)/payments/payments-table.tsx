"use client";
import { useTranslations } from "use-intl";
import { ListTable, type ListTableData } from "@/components/data-table/list-table";
import { PaymentMethodIcons, usePaymentColumns } from "./columns";
import type { PaymentRow } from "./rows";

const rowId = (row: PaymentRow) => row.id;
const paymentHref = (row: PaymentRow) => `/payments/${encodeURIComponent(row.id)}`;

export function PaymentsTable(props: ListTableData<PaymentRow>) {
  const t = useTranslations();
  const columns = usePaymentColumns({ locale: props.formatLocale, timeZone: props.timeZone });
  return (
    <>
      <PaymentMethodIcons />
      <ListTable
        {...props}
        tableId="payments"
        caption={t("payments.caption")}
        columns={columns}
        getRowId={rowId}
        rowHref={paymentHref}
        emptyTitle={t("payments.emptyTitle")}
        emptyBody={t("payments.emptyBody")}
        formatTotal={(count) => t("payments.total", { count })}
      />
    </>
  );
}
