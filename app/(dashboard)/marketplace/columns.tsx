"use client";
import { useMemo } from "react";
import { useTranslations } from "use-intl";
import { createdColumn } from "@/components/data-table/common-columns";
import { dataTableColumnHelper, type DataTableColumn } from "@/components/data-table/columns";
import { StatusBadge } from "@/components/detail/status-badge";
import { createListTable } from "@/app/(dashboard)/list-table";
import { marketplaceList } from "./list";
import type { AccountRow } from "./rows";
import { ACCOUNT_STATUS_TONES } from "./status";

const column = dataTableColumnHelper<AccountRow>();

/** The connected accounts table's columns, in the operator's language, zone and number format. */
export function useAccountColumns({ locale, timeZone }: { locale: string; timeZone: string }): DataTableColumn<AccountRow>[] {
  const t = useTranslations();
  return useMemo(() => {
    const label = (key: keyof typeof LABEL_KEYS) => t(LABEL_KEYS[key]);
    const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 });
    return column.columns([
      column.accessor("businessName", {
        header: label("businessName"),
        meta: { label: label("businessName") },
        cell: ({ row }) =>
          row.original.businessName ? (
            <div className="max-w-56 truncate text-slate-900">{row.original.businessName}</div>
          ) : (
            <span className="text-slate-400">{t("accountsList.noProfile")}</span>
          ),
      }),
      column.accessor("status", {
        header: label("status"),
        meta: { label: label("status") },
        cell: ({ row }) => <StatusBadge status={row.original.status} tones={ACCOUNT_STATUS_TONES} label={(status) => t(`accountsList.status.${status}`)} />,
      }),
      column.accessor("feePercent", {
        id: "fee",
        header: label("fee"),
        meta: { label: label("fee"), align: "end" },
        cell: ({ row }) => percent.format(row.original.feePercent / 100),
      }),
      createdColumn<AccountRow>({ label: label("created"), locale, timeZone }),
    ]);
  }, [t, locale, timeZone]);
}

const LABEL_KEYS = {
  businessName: "accountsList.columns.businessName",
  status: "accountsList.columns.status",
  fee: "accountsList.columns.fee",
  created: "accountsList.columns.created",
} as const;

export const AccountsTable = createListTable(marketplaceList, useAccountColumns);
