"use client";
import { debounce, useQueryStates } from "nuqs";
import { useMemo, useTransition } from "react";
import { clearedState, filterKeys, filterParsers, type FilterControl } from "@/lib/list-filters";
import { hasActiveFilters, NO_CURSOR } from "@/lib/list-params";

/**
 * A list's filters wired to its URL, from the declared controls alone: their state, whether any is set, a change (which
 * drops the cursors: a cursor only means something under its filters), the date range (debounced), and Reset.
 */
export function useListFilters(filters: readonly FilterControl[]) {
  const parsers = useMemo(() => filterParsers(filters), [filters]);
  const cleared = useMemo(() => clearedState(filters), [filters]);
  const keys = useMemo(() => filterKeys(filters), [filters]);
  const [pending, startTransition] = useTransition();
  const [state, setState] = useQueryStates(parsers, { startTransition });
  return {
    state,
    pending,
    active: hasActiveFilters(state, keys),
    set: (key: string, value: string | null) => void setState({ [key]: value, ...NO_CURSOR }),
    // A date typed by hand is a valid day at every keystroke (0002, 0020, 0202, 2026): wait for the last one.
    setRange: (range: { from: string | null; to: string | null }) => void setState({ ...range, ...NO_CURSOR }, { limitUrlUpdates: debounce(500) }),
    clear: () => void setState(cleared),
  };
}
