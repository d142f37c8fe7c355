"use client";
import { ListToolbar } from "@/components/data-table/list-toolbar";
import { SelectFilter, type FilterOption } from "@/components/data-table/toolbar";
import type { FilterControl } from "@/lib/list-filters";
import { operatorFilter } from "./params";

/**
 * The audit log's filters: every list's toolbar (the same controls, URL state and Reset), with two differences: the
 * operator filter is a select of the operators by name (the URL holds the id), and the CSV comes from this page's own
 * admin-only export route rather than /api/export/<list>.
 */
export function AuditToolbar({ filters, operators }: { filters: readonly FilterControl[]; operators: FilterOption[] }) {
  return (
    <ListToolbar
      filters={filters}
      exportList="audit"
      exportPath="/settings/audit/export"
      control={(filter, state) => {
        if (filter.kind !== "text" || filter.key !== "operator") return null;
        // Its value is an id the server checks (operatorFilter): one it ignores shows as "all"; an operator not in the
        // options (disabled since) keeps its id as its label.
        const value = operatorFilter(state.state[filter.key] ?? null) ?? null;
        const options = value && !operators.some((option) => option.value === value) ? [...operators, { value, label: value }] : operators;
        return (
          <SelectFilter
            key={filter.key}
            focusKey={`list:${filter.key}`}
            label={filter.label}
            allLabel={filter.placeholder}
            value={value}
            options={options}
            onChange={(next) => state.set(filter.key, next)}
          />
        );
      }}
    />
  );
}
