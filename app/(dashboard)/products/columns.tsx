"use client";
import { createdColumn } from "@/components/data-table/common-columns";
import { Badge } from "@/components/ui/badge";
import { createListTable } from "@/app/(dashboard)/list-table";
import { productsList } from "./list";
import type { ProductRow } from "./rows";
import { MISSING } from "@/components/ui/missing";

/** The products table: its columns, in the operator's language and zone. */
export const ProductsTable = createListTable(
  productsList,
  ({ column, head, text, label, t, locale, timeZone }) => [
    column.accessor("name", {
      ...head("name"),
      cell: ({ row }) => <div className="max-w-56 truncate text-slate-900">{row.original.name}</div>,
    }),
    text("description", "max-w-96"),
    column.accessor("active", {
      ...head("active"),
      cell: ({ row }) => {
        const { active } = row.original;
        if (active === null) return MISSING;
        return active ? <Badge tone="success">{t("productsList.active")}</Badge> : <Badge tone="neutral">{t("productsList.inactive")}</Badge>;
      },
    }),
    createdColumn<ProductRow>({ label: label("created"), locale, timeZone }),
  ],
);

