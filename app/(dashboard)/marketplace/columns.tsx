"use client";
import { createdColumn } from "@/components/data-table/common-columns";
import { Badge } from "@/components/ui/badge";
import { createListTable } from "@/app/(dashboard)/list-table";
import { marketplaceList } from "./list";
import type { AccountRow } from "./rows";
import { ACCOUNT_STATUS_TONES } from "./status";

/** The connected accounts table: its columns, in the operator's language, zone and number format. */
export const AccountsTable = createListTable(
  marketplaceList,
  ({ column, head, status, label, t, locale, timeZone }) => {
    const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 });
    const statusColumn = status(ACCOUNT_STATUS_TONES);
    return [
      column.accessor("businessName", {
        ...head("businessName"),
        cell: ({ row }) =>
          row.original.businessName ? (
            <div className="max-w-72 truncate text-slate-900">{row.original.businessName}</div>
          ) : (
            <span className="text-slate-500">{t("accountsList.noProfile")}</span>
          ),
      }),
      {
        ...statusColumn,
        // The status, and beside it whether onboarding has been pending too long.
        cell: (context) => (
          <div className="flex flex-wrap items-center gap-1.5">
            {typeof statusColumn.cell === "function" ? statusColumn.cell(context) : null}
            {context.row.original.stuck && (
              <span title={t("marketplace.stuckTitle")}>
                <Badge tone="danger">{t("marketplace.stuck")}</Badge>
              </span>
            )}
          </div>
        ),
      },
      column.accessor("feePercent", {
        ...head("fee", "end"),
        cell: ({ row }) => percent.format(row.original.feePercent / 100),
      }),
      createdColumn<AccountRow>({ label: label("created"), locale, timeZone }),
    ];
  },
);
