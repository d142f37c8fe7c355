"use client";
import type { ColumnVisibilityState, RowData } from "@tanstack/react-table";
import { useMemo, type ComponentType } from "react";
import { useTranslations } from "use-intl";
import { dataTableColumnHelper, type DataTableColumn, type DataTableColumnMeta } from "@/components/data-table/columns";
import { TextCell } from "@/components/data-table/common-columns";
import { StatusBadge } from "@/components/detail/status-badge";
import type { Tone } from "@/components/detail/status-badge";
import { ListTable, type ListTableData } from "@/components/data-table/list-table";
import { unpackRows } from "@/components/data-table/packed-rows";
import type { FilterDef, MessageKey } from "@/lib/list-filters";
import type { ListDeclaration } from "./list-declaration";
import { saveTablePreferenceAction } from "./table-actions";

const useRootTranslations = () => useTranslations();

/** What a list's columns are built with: its helper, the operator's words, locale and zone, and each column's name. */
export type ListColumnKit<Row extends RowData> = {
  column: ReturnType<typeof dataTableColumnHelper<Row>>;
  t: ReturnType<typeof useRootTranslations>;
  locale: string;
  timeZone: string;
  /** A column's name in the list's words (<words>.columns.<id>). */
  label: (id: string) => string;
  /**
   * A column's id, header and menu label from its id: `column.display({ ...head("period"), cell })`; `more` adds to its
   * meta (hidden by default, kept in view).
   */
  head: (id: string, align?: DataTableColumnMeta["align"], more?: Omit<DataTableColumnMeta, "label" | "align">) => { id: string; header: string; meta: DataTableColumnMeta };
  /**
   * The row's status as a badge, read in the words of the list's status filter (one place says how a status reads),
   * or of `words` for a list that does not filter by status.
   */
  status: (tones: Record<string, Tone>, words?: (status: string) => MessageKey) => DataTableColumn<Row>;
  /** A free-text field of the row, cut short at `width` (a max-w-* class), whole on hover. */
  text: (field: keyof Row & string, width: string) => DataTableColumn<Row>;
};

export type ListColumns<Row extends RowData> = (kit: ListColumnKit<Row>) => DataTableColumn<Row>[];

/**
 * A list's client table from its declaration and its columns: its words, row ids and links, and the remembered
 * columns saved under its tableId. `Beside` renders next to the table (e.g. icons the rows point at).
 */
export function createListTable<Filters extends readonly FilterDef[], Row extends RowData>(
  list: ListDeclaration<Filters, Row>,
  columns: ListColumns<Row>,
  Beside?: ComponentType,
) {
  const column = dataTableColumnHelper<Row>();
  const statusFilter = list.filters.find((filter) => filter.kind === "select" && filter.key === "status");
  const saveColumnVisibility = (visibility: ColumnVisibilityState) => saveTablePreferenceAction({ table: list.tableId, columns: visibility });
  function ListPageTable(props: ListTableData<Row>) {
    const t = useRootTranslations();
    const { formatLocale: locale, timeZone } = props;
    const rows = useMemo(() => unpackRows(props.rows), [props.rows]);
    const built = useMemo(() => {
      const label = (id: string) => t(`${list.words}.columns.${id}` as MessageKey);
      const head: ListColumnKit<Row>["head"] = (id, align, more) => ({ id, header: label(id), meta: { label: label(id), align, ...more } });
      const status: ListColumnKit<Row>["status"] = (tones, words = statusFilter?.kind === "select" ? statusFilter.optionLabel : undefined) =>
        column.display({
          ...head("status"),
          cell: ({ row }) => {
            const value = (row.original as { status: string }).status;
            return <StatusBadge status={value} tones={tones} label={(known) => (words ? t(words(known)) : known)} />;
          },
        });
      const text: ListColumnKit<Row>["text"] = (field, width) =>
        column.display({ ...head(field), cell: ({ row }) => <TextCell value={row.original[field] as string | null} className={width} /> });
      return columns({ column, t, locale, timeZone, label, head, status, text });
    }, [t, locale, timeZone]);
    return (
      <>
        {Beside && <Beside />}
        <ListTable
          {...props}
          rows={rows}
          saveColumnVisibility={saveColumnVisibility}
          caption={t(`${list.words}.caption`)}
          columns={built}
          getRowId={list.rowId}
          rowHref={list.rowHref}
          rowName={list.rowName}
          emptyTitle={t(`${list.words}.emptyTitle`)}
          emptyBody={t(`${list.words}.emptyBody`)}
          formatTotal={(count) => t(`${list.words}.total`, { count })}
        />
      </>
    );
  }
  // For the tests: the column ids and names a list declares, without rendering it.
  ListPageTable.columns = columns;
  ListPageTable.list = list;
  return ListPageTable;
}
