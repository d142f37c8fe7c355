"use client";
import { CodeCell } from "@/components/data-table/common-columns";
import { Period } from "@/components/detail/period";
import { Money } from "@/components/ui/money";
import { Time } from "@/components/ui/time";
import { RENEWAL_STATUS_TONES } from "@/app/(dashboard)/subscriptions/[id]/status";
import { createListTable } from "@/app/(dashboard)/list-table";
import { renewalsList } from "./list";
import { MISSING } from "@/components/ui/missing";

/** The renewals table: its columns, in the operator's language, zone and number format. */
export const RenewalsTable = createListTable(
  renewalsList,
  ({ column, head, status, locale, timeZone }) => [
    column.display({
      ...head("period"),
      cell: ({ row }) => <Period start={row.original.periodStart} end={row.original.periodEnd} locale={locale} timeZone={timeZone} />,
    }),
    status(RENEWAL_STATUS_TONES),
    column.accessor("total", {
      ...head("total", "end"),
      cell: ({ row }) => <Money amount={row.original.total} currency={row.original.currency} locale={locale} className="amount-strong" />,
    }),
    column.accessor("attempts", {
      ...head("attempts", "end"),
    }),
    column.accessor("nextAttemptAt", {
      ...head("nextAttempt"),
      cell: ({ row }) =>
        row.original.nextAttemptAt ? <Time value={row.original.nextAttemptAt} locale={locale} timeZone={timeZone} inCell /> : MISSING,
    }),
    column.accessor("subscriptionId", {
      ...head("subscription"),
      cell: ({ row }) => <CodeCell value={row.original.subscriptionId} />,
    }),
  ],
);

