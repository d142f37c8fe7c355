"use client";
import { DataTableToolbar, DateRangeFilter, SelectFilter, type FilterOption } from "@/components/data-table/toolbar";
import { useListFilters } from "@/components/data-table/use-list-filters";
import { listHref, type FilterControl } from "@/lib/list-filters";
import { operatorFilter } from "./params";

/**
 * The audit log's filters, as ListToolbar lays out every list's (the same controls, URL state and Reset), with two
 * differences: the operator filter is a select of the operators by name (the URL holds the id), and the CSV comes from
 * this page's own admin-only export route rather than /api/export/<list>.
 */
export function AuditToolbar({ filters: controls, operators }: { filters: readonly FilterControl[]; operators: FilterOption[] }) {
  const filters = useListFilters(controls);
  return (
    <DataTableToolbar
      pending={filters.pending}
      canReset={filters.active}
      onReset={filters.clear}
      exportTo={{ list: "audit", href: listHref("/settings/audit/export", controls, filters.state) }}
    >
      {controls.map((filter) => {
        if (filter.kind === "range") return <DateRangeFilter key="range" from={filters.state.from} to={filters.state.to} labels={filter.labels} onChange={filters.setRange} />;
        const options = filter.kind === "select" ? filter.options : operators;
        // The operator filter's options are the operators, its value an id the server checks (operatorFilter): one it
        // ignores shows as "all"; a select's unknown value is dropped by its parser already.
        const given = filters.state[filter.key] ?? null;
        const value = filter.kind === "select" || operatorFilter(given) ? given : null;
        const shown = value && !options.some((option) => option.value === value) ? [...options, { value, label: value }] : options;
        return (
          <SelectFilter
            key={filter.key}
            focusKey={`list:${filter.key}`}
            label={filter.label}
            allLabel={filter.kind === "select" ? filter.allLabel : filter.placeholder}
            value={value}
            options={shown}
            onChange={(next) => filters.set(filter.key, next)}
          />
        );
      })}
    </DataTableToolbar>
  );
}
