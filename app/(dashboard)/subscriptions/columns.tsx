"use client";
import { useMemo } from "react";
import { useTranslations } from "use-intl";
import { createdColumn } from "@/components/data-table/common-columns";
import { dataTableColumnHelper, type DataTableColumn } from "@/components/data-table/columns";
import { Period } from "@/components/detail/period";
import { StatusBadge } from "@/components/detail/status-badge";
import { Money } from "@/components/ui/money";
import { createListTable } from "@/app/(dashboard)/list-table";
import { subscriptionsList } from "./list";
import type { SubscriptionRow } from "./rows";
import { SUBSCRIPTION_STATUS_TONES } from "./[id]/status";
import { MISSING } from "@/components/ui/missing";

const column = dataTableColumnHelper<SubscriptionRow>();

/** The subscriptions table's columns, in the operator's language, zone and number format. */
export function useSubscriptionColumns({ locale, timeZone }: { locale: string; timeZone: string }): DataTableColumn<SubscriptionRow>[] {
  const t = useTranslations();
  return useMemo(() => {
    const label = (key: keyof typeof LABEL_KEYS) => t(LABEL_KEYS[key]);
    return column.columns([
      column.accessor("status", {
        header: label("status"),
        meta: { label: label("status") },
        cell: ({ row }) => <StatusBadge status={row.original.status} tones={SUBSCRIPTION_STATUS_TONES} label={(status) => t(`subscription.status.${status}`)} />,
      }),
      column.accessor("customerId", {
        id: "customer",
        header: label("customer"),
        meta: { label: label("customer") },
        cell: ({ row }) =>
          row.original.customerId ? (
            <div title={row.original.customerId} className="max-w-36 truncate font-mono text-xs text-slate-600">
              {row.original.customerId}
            </div>
          ) : (
            <span className="text-slate-400">{t("subscriptionsList.noCustomer")}</span>
          ),
      }),
      column.display({
        id: "currentPeriod",
        header: label("currentPeriod"),
        meta: { label: label("currentPeriod") },
        cell: ({ row }) => {
          const { currentPeriodStart, currentPeriodEnd } = row.original;
          return currentPeriodStart ? <Period start={currentPeriodStart} end={currentPeriodEnd} locale={locale} timeZone={timeZone} /> : MISSING;
        },
      }),
      column.accessor("perPeriod", {
        header: label("perPeriod"),
        meta: { label: label("perPeriod"), align: "end" },
        cell: ({ row }) => {
          const { perPeriod } = row.original;
          return perPeriod ? <Money amount={perPeriod.amount} currency={perPeriod.currency} locale={locale} className="font-medium text-slate-900" /> : MISSING;
        },
      }),
      createdColumn<SubscriptionRow>({ label: label("created"), locale, timeZone }),
    ]);
  }, [t, locale, timeZone]);
}

const LABEL_KEYS = {
  status: "subscriptionsList.columns.status",
  customer: "subscriptionsList.columns.customer",
  currentPeriod: "subscriptionsList.columns.currentPeriod",
  perPeriod: "subscriptionsList.columns.perPeriod",
  created: "subscriptionsList.columns.created",
} as const;

export const SubscriptionsTable = createListTable(subscriptionsList, useSubscriptionColumns);
