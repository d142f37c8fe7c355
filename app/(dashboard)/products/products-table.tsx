"use client";
import { useTranslations } from "use-intl";
import { ListTable, type ListTableData } from "@/components/data-table/list-table";
import { useProductColumns } from "./columns";
import type { ProductRow } from "./rows";

const rowId = (row: ProductRow) => row.id;

/** Read-only: products have no detail page, so rows lead nowhere. */
export function ProductsTable(props: ListTableData<ProductRow>) {
  const t = useTranslations();
  const columns = useProductColumns({ locale: props.formatLocale, timeZone: props.timeZone });
  return (
    <ListTable
      {...props}
      tableId="products"
      caption={t("productsList.caption")}
      columns={columns}
      getRowId={rowId}
      emptyTitle={t("productsList.emptyTitle")}
      emptyBody={t("productsList.emptyBody")}
      formatTotal={(count) => t("productsList.total", { count })}
    />
  );
}
