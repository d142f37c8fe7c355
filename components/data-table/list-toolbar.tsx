"use client";
import type { ReactNode } from "react";
import { listHref, type FilterControl } from "@/lib/list-filters";
import { DataTableToolbar, DateRangeFilter, SelectFilter, TextFilter } from "./toolbar";
import { useListFilters } from "./use-list-filters";

export type ListFilters = ReturnType<typeof useListFilters>;
type Filters = ListFilters;

/** A select over a list's statuses or types. A closed one takes only its values; an open one shows a linked unknown value too. */
function StatusFilter({ filter, filters }: { filter: Extract<FilterControl, { kind: "select" }>; filters: Filters }) {
  const value = filters.state[filter.key] ?? null;
  const options = value && !filter.values.includes(value) ? [...filter.options, { value, label: value }] : filter.options;
  return (
    <SelectFilter
      focusKey={`list:${filter.key}`}
      label={filter.label}
      allLabel={filter.allLabel}
      value={value}
      options={options}
      onChange={(next) => filters.set(filter.key, next === null || filter.open || filter.values.includes(next) ? next : null)}
    />
  );
}

/**
 * Every list's filters, as its declaration lists them, with Reset and the CSV export of what they select: from
 * /api/export/<list>, or `exportPath` for a list with a route of its own (the audit log's, admins only). `control`
 * draws a filter the list draws its own way (the audit log's operator: a select of names over an id), or nothing for
 * the usual control.
 */
export function ListToolbar({
  filters: controls,
  exportList,
  exportPath = `/api/export/${exportList}`,
  control,
}: {
  filters: readonly FilterControl[];
  exportList: string;
  exportPath?: string;
  control?: (filter: FilterControl, filters: Filters) => ReactNode;
}) {
  const filters = useListFilters(controls);
  return (
    <DataTableToolbar
      pending={filters.pending}
      canReset={filters.active}
      onReset={filters.clear}
      exportTo={{ list: exportList, href: listHref(exportPath, controls, filters.state) }}
    >
      {controls.map(
        (filter) =>
          control?.(filter, filters) ??
          (filter.kind === "select" ? (
            <StatusFilter key={filter.key} filter={filter} filters={filters} />
          ) : filter.kind === "text" ? (
            <TextFilter
              key={filter.key}
              focusKey={`list:${filter.key}`}
              label={filter.label}
              placeholder={filter.placeholder}
              code={filter.code}
              value={filters.state[filter.key] ?? null}
              onChange={(value) => filters.set(filter.key, value)}
            />
          ) : (
            <DateRangeFilter key="range" from={filters.state.from} to={filters.state.to} labels={filter.labels} onChange={filters.setRange} />
          )),
      )}
    </DataTableToolbar>
  );
}
