"use client";
import { debounce, useQueryStates } from "nuqs";
import { useTransition } from "react";
import { DataTableToolbar, DateRangeFilter } from "@/components/data-table/toolbar";
import { hasActiveFilters, listSearchParams, NO_CURSOR } from "@/lib/list-params";

const rangeParams = { from: listSearchParams.from, to: listSearchParams.to, startingAfter: listSearchParams.startingAfter, endingBefore: listSearchParams.endingBefore };
const CLEARED = { from: null, to: null, ...NO_CURSOR } as const;

/** The toolbar of a list the service filters by created date only (customers, connected accounts, products). */
export function CreatedRangeToolbar() {
  const [pending, startTransition] = useTransition();
  const [state, setState] = useQueryStates(rangeParams, { startTransition });
  return (
    <DataTableToolbar pending={pending} canReset={hasActiveFilters(state, ["from", "to"])} onReset={() => void setState(CLEARED)}>
      <DateRangeFilter
        from={state.from}
        to={state.to}
        // A date typed by hand is a valid day at every keystroke: wait for the last one.
        onChange={(range) => void setState({ ...range, ...NO_CURSOR }, { limitUrlUpdates: debounce(500) })}
      />
    </DataTableToolbar>
  );
}
