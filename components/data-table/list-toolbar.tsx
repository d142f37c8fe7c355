"use client";
import { listHref, type FilterControl } from "@/lib/list-filters";
import { DataTableToolbar, DateRangeFilter, SelectFilter, TextFilter } from "./toolbar";
import { useListFilters } from "./use-list-filters";

type Filters = ReturnType<typeof useListFilters>;

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

/** Every list's filters, as its declaration lists them, with Reset and the CSV export of what they select. */
export function ListToolbar({ filters: controls, exportList }: { filters: readonly FilterControl[]; exportList: string }) {
  const filters = useListFilters(controls);
  return (
    <DataTableToolbar
      pending={filters.pending}
      canReset={filters.active}
      onReset={filters.clear}
      exportTo={{ list: exportList, href: listHref(`/api/export/${exportList}`, controls, filters.state) }}
    >
      {controls.map((filter) =>
        filter.kind === "select" ? (
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
        ),
      )}
    </DataTableToolbar>
  );
}
