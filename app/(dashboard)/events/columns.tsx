"use client";
import { cn } from "@/components/ui/cn";
import { Money } from "@/components/ui/money";
import { Time } from "@/components/ui/time";
import { eventLook, eventTypeName } from "./labels";
import { createListTable } from "@/app/(dashboard)/list-table";
import { eventsList } from "./list";
import { subjectLabel } from "./rows";
import { MISSING } from "@/components/ui/missing";
import { StatusBadge } from "@/components/detail/status-badge";
import { EVENT_STATUS_TONES } from "@/components/timeline/timeline";

/** The events console's table: its columns, in the operator's language, zone and number format. */
export const EventsTable = createListTable(
  eventsList,
  ({ column, head, t, locale, timeZone }) => [
    column.accessor("receivedAt", {
      ...head("received"),
      cell: ({ row }) => <Time value={row.original.receivedAt} locale={locale} timeZone={timeZone} inCell />,
    }),
    // Second, so that on a phone the outcome is on screen without scrolling the table sideways.
    column.accessor("status", {
      ...head("status"),
      cell: ({ row }) => (
        <span title={row.original.error ?? undefined}>
          <StatusBadge status={row.original.status} tones={EVENT_STATUS_TONES} label={(status) => t(`eventStatus.${status}`)} />
        </span>
      ),
    }),
    column.accessor("type", {
      ...head("type"),
      cell: ({ row }) => {
        const { type } = row.original;
        const name = eventTypeName(t, type);
        const look = eventLook(type, name !== null);
        const Icon = look.icon;
        return (
          // The type as sent is on hover: it is what the Payment Service's documentation calls it.
          <span title={type ?? undefined} className="inline-flex items-center gap-2">
            <span className={cn("grid size-6 shrink-0 place-items-center rounded-full", look.tone)}>
              <Icon aria-hidden className="size-3.5" />
            </span>
            {name !== null ? (
              <span className="text-slate-900">{name}</span>
            ) : type ? (
              <span className="font-mono text-xs">{type}</span>
            ) : (
              <span className="text-slate-400 italic">{t("events.noType")}</span>
            )}
          </span>
        );
      },
    }),
    column.accessor("subject", {
      ...head("subject"),
      cell: ({ row }) =>
        row.original.subject ? (
          <div title={row.original.subject} className="max-w-44 truncate font-mono text-xs text-slate-600">
            {subjectLabel(row.original.subject)}
          </div>
        ) : (
          MISSING
        ),
    }),
    column.accessor("amount", {
      ...head("amount", "end"),
      cell: ({ row }) => {
        const { amount, currency } = row.original;
        if (!amount || !currency) return MISSING;
        return <Money amount={BigInt(amount)} currency={currency} locale={locale} className="amount-strong" />;
      },
    }),
    column.accessor("duplicateCount", {
      ...head("deliveries", "end"),
      // Only repeats are worth a mark: "×3" is one event delivered three times (stored once).
      cell: ({ row }) => {
        const deliveries = row.original.duplicateCount + 1;
        if (deliveries === 1) return null;
        const text = t("events.deliveries", { count: deliveries });
        return (
          // relative: keeps the screen-reader text inside the table's scroll box (absolute, it widened the page).
          <span title={text} className="relative font-medium text-amber-700">
            ×{deliveries}
            <span className="sr-only"> {text}</span>
          </span>
        );
      },
    }),
  ],
);

