"use client";
import { Badge } from "@/components/ui/badge";
import { MISSING } from "@/components/ui/missing";
import { Money } from "@/components/ui/money";
import { Time } from "@/components/ui/time";
import { createListTable } from "@/app/(dashboard)/list-table";
import { checkoutSessionsList } from "./list";

/** The checkout sessions table: its columns, in the operator's language and zone. */
export const CheckoutSessionsTable = createListTable(checkoutSessionsList, ({ column, head, text, status, t, locale, timeZone }) => [
  column.display({
    ...head("created"),
    cell: ({ row }) => (row.original.createdAt ? <Time value={row.original.createdAt} locale={locale} timeZone={timeZone} inCell /> : MISSING),
  }),
  column.display({
    ...head("amount", "end"),
    cell: ({ row }) => <Money amount={row.original.amount} currency={row.original.currency} locale={locale} className="amount-strong" />,
  }),
  status({ paid: "success", unpaid: "warning" }),
  column.display({
    ...head("customer"),
    cell: ({ row }) => {
      const { customerName, customerEmail, customerId } = row.original;
      const name = customerName || customerEmail || customerId;
      return name ? <div className="max-w-48 truncate" title={name}>{name}</div> : MISSING;
    },
  }),
  column.display({
    ...head("lineItems"),
    cell: ({ row }) => {
      const { lineItemCount, addsUp } = row.original;
      return (
        <span className="inline-flex items-center gap-2">
          <span className="tabular-nums">{t("checkoutSessionsList.items", { count: lineItemCount })}</span>
          {!addsUp && <Badge tone="warning">{t("checkoutSessionsList.doesNotAddUp")}</Badge>}
        </span>
      );
    },
  }),
  text("metadata", "max-w-48"),
]);
