"use client";
import { createdColumn } from "@/components/data-table/common-columns";
import { Money } from "@/components/ui/money";
import { Time } from "@/components/ui/time";
import { createListTable } from "@/app/(dashboard)/list-table";
import { customersList } from "./list";
import type { CustomerRow } from "./rows";
import { MISSING } from "@/components/ui/missing";
import { formatPhone } from "@/lib/format/phone";

/** The customers table: its columns, in the operator's language, zone and number format. */
export const CustomersTable = createListTable(
  customersList,
  ({ column, head, text, label, t, locale, timeZone }) => {
    const count = new Intl.NumberFormat(locale);
    return [
      column.accessor("name", {
        ...head("name"),
        cell: ({ row }) => <div className="max-w-48 truncate text-slate-900">{row.original.name ?? t("customersList.noName")}</div>,
      }),
      // As wide as the name: a few pixels more took the Spanish row (its two times at their longest, "10 may 2026, 10:55
      // a. m.") to the edge of a 1440 px screen.
      text("email", "max-w-48"),
      column.accessor("phone", {
        ...head("phone"),
        cell: ({ row }) => (row.original.phone ? <span className="whitespace-nowrap">{formatPhone(row.original.phone)}</span> : MISSING),
      }),
      column.accessor("amountSpent", {
        ...head("amountSpent", "end"),
        cell: ({ row }) => <Money amount={row.original.amountSpent} currency="USD" locale={locale} className="amount-strong" />,
      }),
      // The count of payments says less than the amount spent beside it: left out at first, so the other columns (the
      // created date the filters are on among them) fit a 1440 px screen; the column menu shows it.
      column.accessor("transactions", {
        ...head("transactions", "end", { hiddenByDefault: true }),
        cell: ({ row }) => count.format(row.original.transactions),
      }),
      column.accessor("lastTransactionAt", {
        ...head("lastTransaction"),
        cell: ({ row }) =>
          row.original.lastTransactionAt === undefined ? (
            // A row from the sync's copy (the list filtered by name, e-mail or phone): the copy does not keep it.
            <span className="whitespace-nowrap text-slate-500" title={t("customersList.notCopiedHint")}>
              {t("customersList.notCopied")}
            </span>
          ) : row.original.lastTransactionAt ? (
            <Time value={row.original.lastTransactionAt} locale={locale} timeZone={timeZone} inCell />
          ) : (
            MISSING
          ),
      }),
      createdColumn<CustomerRow>({ label: label("created"), locale, timeZone }),
    ];
  },
);

