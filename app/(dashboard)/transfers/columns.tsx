"use client";
import { createdColumn, amountColumn, CodeCell, LinesCell } from "@/components/data-table/common-columns";
import { createListTable } from "@/app/(dashboard)/list-table";
import Link from "next/link";
import { reconcileHref } from "@/app/(dashboard)/reconciliation/href";
import { transfersList } from "./list";
import type { TransferRow } from "./rows";
import { TRANSFER_STATUS_TONES } from "./[ref]/status";

/** The SINPE transfers table: its columns, in the operator's language, zone and number format. */
export const TransfersTable = createListTable(
  transfersList,
  ({ column, head, status, label, t, locale, timeZone }) => [
    createdColumn<TransferRow>({ label: label("created"), locale, timeZone }),
    amountColumn<TransferRow>({ label: label("amount"), locale }),
    status(TRANSFER_STATUS_TONES),
    column.display({
      ...head("sender"),
      cell: ({ row }) => {
        const { senderName, senderId } = row.original;
        return (
          <LinesCell
            first={senderName}
            second={
              <>
                <span className="font-mono">{senderId.formatted}</span> · {t(`senderIdKind.${senderId.kind}`)}
              </>
            }
            className="max-w-56"
          />
        );
      },
    }),
    column.accessor("reference", {
      ...head("reference"),
      cell: ({ row }) => <span className="font-mono text-xs text-slate-600">{row.original.reference}</span>,
    }),
    column.accessor("paymentIntentId", {
      ...head("link"),
      cell: ({ row }) => {
        const { paymentIntentId } = row.original;
        // Unlinked money is reconciliation's work: straight to this transfer's decision page.
        if (!paymentIntentId)
          return (
            <Link href={reconcileHref(row.original.reference)} className="text-slate-500 hover:text-indigo-600 hover:underline">
              {t("transfersList.unlinked")} · {t("transfersList.reconcile")}
            </Link>
          );
        return <CodeCell value={paymentIntentId} />;
      },
    }),
  ],
);

