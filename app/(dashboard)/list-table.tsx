"use client";
import type { ColumnVisibilityState, RowData } from "@tanstack/react-table";
import type { ComponentType } from "react";
import { useTranslations } from "use-intl";
import type { DataTableColumn } from "@/components/data-table/columns";
import { ListTable, type ListTableData } from "@/components/data-table/list-table";
import type { FilterDef } from "@/lib/list-filters";
import type { ListDeclaration } from "./list-declaration";
import { saveTablePreferenceAction } from "./table-actions";

type UseColumns<Row extends RowData> = (format: { locale: string; timeZone: string }) => DataTableColumn<Row>[];

/**
 * A list's client table from its declaration and its columns: its words, row ids and links, and the remembered
 * columns saved under its tableId. `Beside` renders next to the table (e.g. icons the rows point at).
 */
export function createListTable<Filters extends readonly FilterDef[], Row extends RowData>(list: ListDeclaration<Filters, Row>, useColumns: UseColumns<Row>, Beside?: ComponentType) {
  const saveColumnVisibility = (columns: ColumnVisibilityState) => saveTablePreferenceAction({ table: list.tableId, columns });
  return function ListPageTable(props: ListTableData<Row>) {
    const t = useTranslations();
    const columns = useColumns({ locale: props.formatLocale, timeZone: props.timeZone });
    return (
      <>
        {Beside && <Beside />}
        <ListTable
          {...props}
          saveColumnVisibility={saveColumnVisibility}
          caption={t(`${list.words}.caption`)}
          columns={columns}
          getRowId={list.rowId}
          rowHref={list.rowHref}
          emptyTitle={t(`${list.words}.emptyTitle`)}
          emptyBody={t(`${list.words}.emptyBody`)}
          formatTotal={(count) => t(`${list.words}.total`, { count })}
        />
      </>
    );
  };
}
