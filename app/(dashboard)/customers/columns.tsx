"use client";
import { useMemo } from "react";
import { useTranslations } from "use-intl";
import { createdColumn } from "@/components/data-table/common-columns";
import { dataTableColumnHelper, type DataTableColumn } from "@/components/data-table/columns";
import { Money } from "@/components/ui/money";
import { Time } from "@/components/ui/time";
import { createListTable } from "@/app/(dashboard)/list-table";
import { customersList } from "./list";
import type { CustomerRow } from "./rows";
import { MISSING } from "@/components/ui/missing";

const column = dataTableColumnHelper<CustomerRow>();

/** The customers table's columns, in the operator's language, zone and number format. */
export function useCustomerColumns({ locale, timeZone }: { locale: string; timeZone: string }): DataTableColumn<CustomerRow>[] {
  const t = useTranslations();
  return useMemo(() => {
    const label = (key: keyof typeof LABEL_KEYS) => t(LABEL_KEYS[key]);
    const count = new Intl.NumberFormat(locale);
    return column.columns([
      column.accessor("name", {
        header: label("name"),
        meta: { label: label("name") },
        cell: ({ row }) => <div className="max-w-48 truncate text-slate-900">{row.original.name ?? t("customersList.noName")}</div>,
      }),
      column.accessor("email", {
        header: label("email"),
        meta: { label: label("email") },
        cell: ({ row }) => (row.original.email ? <div className="max-w-56 truncate">{row.original.email}</div> : MISSING),
      }),
      column.accessor("phone", {
        header: label("phone"),
        meta: { label: label("phone") },
        cell: ({ row }) => (row.original.phone ? <span className="whitespace-nowrap">{row.original.phone}</span> : MISSING),
      }),
      column.accessor("amountSpent", {
        header: label("amountSpent"),
        meta: { label: label("amountSpent"), align: "end" },
        cell: ({ row }) => <Money amount={row.original.amountSpent} currency="USD" locale={locale} className="font-medium text-slate-900" />,
      }),
      column.accessor("transactions", {
        header: label("transactions"),
        meta: { label: label("transactions"), align: "end" },
        cell: ({ row }) => count.format(row.original.transactions),
      }),
      column.accessor("lastTransactionAt", {
        id: "lastTransaction",
        header: label("lastTransaction"),
        meta: { label: label("lastTransaction") },
        cell: ({ row }) =>
          row.original.lastTransactionAt ? <Time value={row.original.lastTransactionAt} locale={locale} timeZone={timeZone} /> : MISSING,
      }),
      createdColumn<CustomerRow>({ label: label("created"), locale, timeZone }),
    ]);
  }, [t, locale, timeZone]);
}

const LABEL_KEYS = {
  name: "customersList.columns.name",
  email: "customersList.columns.email",
  phone: "customersList.columns.phone",
  amountSpent: "customersList.columns.amountSpent",
  transactions: "customersList.columns.transactions",
  lastTransaction: "customersList.columns.lastTransaction",
  created: "customersList.columns.created",
} as const;

export const CustomersTable = createListTable(customersList, useCustomerColumns);
