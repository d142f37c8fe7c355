"use client";
import { useMemo } from "react";
import { useTranslations } from "use-intl";
import { dataTableColumnHelper, type DataTableColumn } from "@/components/data-table/columns";
import { Period } from "@/components/detail/period";
import { StatusBadge } from "@/components/detail/status-badge";
import { Money } from "@/components/ui/money";
import { Time } from "@/components/ui/time";
import { RENEWAL_STATUS_TONES } from "@/app/(dashboard)/subscriptions/[id]/status";
import { createListTable } from "@/app/(dashboard)/list-table";
import { renewalsList } from "./list";
import type { RenewalRow } from "./rows";
import { MISSING } from "@/components/ui/missing";

const column = dataTableColumnHelper<RenewalRow>();

/** The renewals table's columns, in the operator's language, zone and number format. */
export function useRenewalColumns({ locale, timeZone }: { locale: string; timeZone: string }): DataTableColumn<RenewalRow>[] {
  const t = useTranslations();
  return useMemo(() => {
    const label = (key: keyof typeof LABEL_KEYS) => t(LABEL_KEYS[key]);
    return column.columns([
      column.display({
        id: "period",
        header: label("period"),
        meta: { label: label("period") },
        cell: ({ row }) => <Period start={row.original.periodStart} end={row.original.periodEnd} locale={locale} timeZone={timeZone} />,
      }),
      column.accessor("status", {
        header: label("status"),
        meta: { label: label("status") },
        cell: ({ row }) => <StatusBadge status={row.original.status} tones={RENEWAL_STATUS_TONES} label={(status) => t(`subscription.renewalStatus.${status}`)} />,
      }),
      column.accessor("total", {
        header: label("total"),
        meta: { label: label("total"), align: "end" },
        cell: ({ row }) => <Money amount={row.original.total} currency={row.original.currency} locale={locale} className="font-medium text-slate-900" />,
      }),
      column.accessor("attempts", {
        header: label("attempts"),
        meta: { label: label("attempts"), align: "end" },
      }),
      column.accessor("nextAttemptAt", {
        id: "nextAttempt",
        header: label("nextAttempt"),
        meta: { label: label("nextAttempt") },
        cell: ({ row }) =>
          row.original.nextAttemptAt ? <Time value={row.original.nextAttemptAt} locale={locale} timeZone={timeZone} /> : MISSING,
      }),
      column.accessor("subscriptionId", {
        id: "subscription",
        header: label("subscription"),
        meta: { label: label("subscription") },
        cell: ({ row }) => (
          <div title={row.original.subscriptionId} className="max-w-36 truncate font-mono text-xs text-slate-500">
            {row.original.subscriptionId}
          </div>
        ),
      }),
    ]);
  }, [t, locale, timeZone]);
}

const LABEL_KEYS = {
  period: "renewalsList.columns.period",
  status: "renewalsList.columns.status",
  total: "renewalsList.columns.total",
  attempts: "renewalsList.columns.attempts",
  nextAttempt: "renewalsList.columns.nextAttempt",
  subscription: "renewalsList.columns.subscription",
} as const;

export const RenewalsTable = createListTable(renewalsList, useRenewalColumns);
