"use client";
import { createdColumn } from "@/components/data-table/common-columns";
import { Period } from "@/components/detail/period";
import { StatusBadge } from "@/components/detail/status-badge";
import { Money } from "@/components/ui/money";
import { createListTable } from "@/app/(dashboard)/list-table";
import { subscriptionsList } from "./list";
import type { SubscriptionRow } from "./rows";
import { SUBSCRIPTION_STATUS_TONES } from "./[id]/status";
import { MISSING } from "@/components/ui/missing";

/** The subscriptions table: its columns, in the operator's language, zone and number format. */
export const SubscriptionsTable = createListTable(
  subscriptionsList,
  ({ column, head, label, t, locale, timeZone }) => [
    column.accessor("status", {
      ...head("status"),
      cell: ({ row }) => <StatusBadge status={row.original.status} tones={SUBSCRIPTION_STATUS_TONES} label={(status) => t(`subscription.status.${status}`)} />,
    }),
    column.accessor("customerId", {
      ...head("customer"),
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
      ...head("currentPeriod"),
      cell: ({ row }) => {
        const { currentPeriodStart, currentPeriodEnd } = row.original;
        return currentPeriodStart ? <Period start={currentPeriodStart} end={currentPeriodEnd} locale={locale} timeZone={timeZone} /> : MISSING;
      },
    }),
    column.accessor("perPeriod", {
      ...head("perPeriod", "end"),
      cell: ({ row }) => {
        const { perPeriod } = row.original;
        return perPeriod ? <Money amount={perPeriod.amount} currency={perPeriod.currency} locale={locale} className="font-medium text-slate-900" /> : MISSING;
      },
    }),
    createdColumn<SubscriptionRow>({ label: label("created"), locale, timeZone }),
  ],
);

