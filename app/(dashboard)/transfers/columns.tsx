"use client";
import { useMemo } from "react";
import { useTranslations } from "use-intl";
import { createdColumn, amountColumn } from "@/components/data-table/common-columns";
import { dataTableColumnHelper, type DataTableColumn } from "@/components/data-table/columns";
import { StatusBadge } from "@/components/detail/status-badge";
import { createListTable } from "@/app/(dashboard)/list-table";
import { transfersList } from "./list";
import type { TransferRow } from "./rows";
import { TRANSFER_STATUS_TONES } from "./[ref]/status";

const column = dataTableColumnHelper<TransferRow>();

/** The SINPE transfers table's columns, in the operator's language, zone and number format. */
export function useTransferColumns({ locale, timeZone }: { locale: string; timeZone: string }): DataTableColumn<TransferRow>[] {
  const t = useTranslations();
  return useMemo(() => {
    const label = (key: keyof typeof LABEL_KEYS) => t(LABEL_KEYS[key]);
    return column.columns([
      createdColumn<TransferRow>({ label: label("created"), locale, timeZone }),
      amountColumn<TransferRow>({ label: label("amount"), locale }),
      column.accessor("status", {
        header: label("status"),
        meta: { label: label("status") },
        cell: ({ row }) => <StatusBadge status={row.original.status} tones={TRANSFER_STATUS_TONES} label={(status) => t(`transfer.status.${status}`)} />,
      }),
      column.display({
        id: "sender",
        header: label("sender"),
        meta: { label: label("sender") },
        cell: ({ row }) => {
          const { senderName, senderId } = row.original;
          return (
            <div className="max-w-56 leading-tight">
              <div className="truncate text-slate-900">{senderName}</div>
              <div className="truncate text-xs text-slate-500">
                <span className="font-mono">{senderId.formatted}</span> · {t(`senderIdKind.${senderId.kind}`)}
              </div>
            </div>
          );
        },
      }),
      column.accessor("reference", {
        header: label("reference"),
        meta: { label: label("reference") },
        cell: ({ row }) => <span className="font-mono text-xs text-slate-600">{row.original.reference}</span>,
      }),
      column.accessor("paymentIntentId", {
        id: "link",
        header: label("link"),
        meta: { label: label("link") },
        cell: ({ row }) => {
          const { paymentIntentId } = row.original;
          if (!paymentIntentId) return <span className="text-slate-400">{t("transfersList.unlinked")}</span>;
          return (
            <div title={paymentIntentId} className="max-w-36 truncate font-mono text-xs text-slate-500">
              {paymentIntentId}
            </div>
          );
        },
      }),
    ]);
  }, [t, locale, timeZone]);
}

const LABEL_KEYS = {
  created: "transfersList.columns.created",
  amount: "transfersList.columns.amount",
  status: "transfersList.columns.status",
  sender: "transfersList.columns.sender",
  reference: "transfersList.columns.reference",
  link: "transfersList.columns.link",
} as const;

export const TransfersTable = createListTable(transfersList, useTransferColumns);
