"use client";
import { createdColumn, CodeCell, LinesCell, TextCell } from "@/components/data-table/common-columns";
import { Period } from "@/components/detail/period";
import { Money } from "@/components/ui/money";
import { createListTable } from "@/app/(dashboard)/list-table";
import { subscriptionsList } from "./list";
import type { SubscriptionRow } from "./rows";
import { SUBSCRIPTION_STATUS_TONES } from "./[id]/status";
import { MISSING } from "@/components/ui/missing";

/** The subscriptions table: its columns, in the operator's language, zone and number format. */
export const SubscriptionsTable = createListTable(
  subscriptionsList,
  ({ column, head, status, label, t, locale, timeZone }) => [
    status(SUBSCRIPTION_STATUS_TONES),
    column.accessor("customerId", {
      ...head("customer"),
      cell: ({ row }) => {
        const { customerId, customerName, customerEmail } = row.original;
        if (!customerId) return <span className="text-slate-400">{t("subscriptionsList.noCustomer")}</span>;
        const name = customerName || customerEmail;
        // Not in the sync's local copy yet: its id, as before. Else the name over the e-mail (or the id), the id on hover.
        if (!name) return <CodeCell value={customerId} />;
        const second = customerName && customerEmail ? customerEmail : customerId;
        return <LinesCell first={name} firstTitle={customerId} second={second} className="max-w-56" />;
      },
    }),
    column.accessor("description", {
      ...head("description"),
      cell: ({ row }) => <TextCell value={row.original.description ?? null} className="max-w-60" />,
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
        return perPeriod ? <Money amount={perPeriod.amount} currency={perPeriod.currency} locale={locale} className="amount-strong" /> : MISSING;
      },
    }),
    // Left out at first, so the customer, the plan (whole: "Membresía mensual gimnasio"), the current period and the
    // amount fit a 1440 px screen with the status: the list is newest first and the current period says where a
    // subscription stands; the column menu shows it (the created-date filters work either way).
    createdColumn<SubscriptionRow>({ label: label("created"), locale, timeZone }, { hiddenByDefault: true }),
  ],
);

