"use client";
import { useMemo } from "react";
import { useTranslations } from "use-intl";
import { createdColumn } from "@/components/data-table/common-columns";
import { dataTableColumnHelper, type DataTableColumn } from "@/components/data-table/columns";
import { Badge } from "@/components/ui/badge";
import { createListTable } from "@/app/(dashboard)/list-table";
import { productsList } from "./list";
import type { ProductRow } from "./rows";
import { MISSING } from "@/components/ui/missing";

const column = dataTableColumnHelper<ProductRow>();

/** The products table's columns, in the operator's language and zone. */
export function useProductColumns({ locale, timeZone }: { locale: string; timeZone: string }): DataTableColumn<ProductRow>[] {
  const t = useTranslations();
  return useMemo(() => {
    const label = (key: keyof typeof LABEL_KEYS) => t(LABEL_KEYS[key]);
    return column.columns([
      column.accessor("name", {
        header: label("name"),
        meta: { label: label("name") },
        cell: ({ row }) => <div className="max-w-56 truncate text-slate-900">{row.original.name}</div>,
      }),
      column.accessor("description", {
        header: label("description"),
        meta: { label: label("description") },
        cell: ({ row }) =>
          row.original.description ? (
            <div title={row.original.description} className="max-w-72 truncate">
              {row.original.description}
            </div>
          ) : (
            MISSING
          ),
      }),
      column.accessor("active", {
        header: label("active"),
        meta: { label: label("active") },
        cell: ({ row }) => {
          const { active } = row.original;
          if (active === null) return MISSING;
          return active ? <Badge tone="success">{t("productsList.active")}</Badge> : <Badge tone="neutral">{t("productsList.inactive")}</Badge>;
        },
      }),
      createdColumn<ProductRow>({ label: label("created"), locale, timeZone }),
    ]);
  }, [t, locale, timeZone]);
}

const LABEL_KEYS = {
  name: "productsList.columns.name",
  description: "productsList.columns.description",
  active: "productsList.columns.active",
  created: "productsList.columns.created",
} as const;

export const ProductsTable = createListTable(productsList, useProductColumns);
