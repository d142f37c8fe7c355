"use client";
import { debounce, useQueryStates } from "nuqs";
import { useTransition } from "react";
import { useTranslations } from "use-intl";
import { DataTableToolbar, DateRangeFilter, SelectFilter, TextFilter, type FilterOption } from "@/components/data-table/toolbar";
import { hasActiveFilters, NO_CURSOR } from "@/lib/list-params";
import { eventTypeName } from "./labels";
import { EVENT_STATUSES, EVENTS_FILTER_KEYS, eventsSearchParams } from "./search-params";

const CLEARED = { type: null, status: null, subject: null, from: null, to: null, ...NO_CURSOR } as const;

/** `types`: the event types the receiver handles (lib/webhooks/registry.ts), from the server page. */
export function EventsToolbar({ types: known }: { types: readonly string[] }) {
  const t = useTranslations();
  const [pending, startTransition] = useTransition();
  const [state, setState] = useQueryStates(eventsSearchParams, { startTransition });
  const types: FilterOption[] = known.map((type) => ({ value: type, label: eventTypeName(t, type) ?? type }));
  // An unrecognized type from a shared link is still the applied filter: the select must be able to show it.
  if (state.type && !types.some((option) => option.value === state.type)) types.push({ value: state.type, label: state.type });
  return (
    <DataTableToolbar pending={pending} canReset={hasActiveFilters(state, EVENTS_FILTER_KEYS)} onReset={() => void setState(CLEARED)}>
      <SelectFilter label={t("events.type")} allLabel={t("events.allTypes")} value={state.type} options={types} onChange={(type) => void setState({ type, ...NO_CURSOR })} />
      <SelectFilter
        label={t("dataTable.status")}
        allLabel={t("dataTable.allStatuses")}
        value={state.status}
        options={EVENT_STATUSES.map((status) => ({ value: status, label: t(`eventStatus.${status}`) }))}
        onChange={(value) => void setState({ status: EVENT_STATUSES.find((status) => status === value) ?? null, ...NO_CURSOR })}
      />
      <TextFilter
        label={t("events.subject")}
        placeholder={t("events.subjectPlaceholder")}
        value={state.subject}
        onChange={(subject) => void setState({ subject, ...NO_CURSOR })}
      />
      <DateRangeFilter
        from={state.from}
        to={state.to}
        labels={{ from: t("events.receivedFrom"), to: t("events.receivedTo") }}
        // A date typed by hand is a valid day at every keystroke (0002, 0020, 0202, 2026): wait for the last one.
        onChange={(range) => void setState({ ...range, ...NO_CURSOR }, { limitUrlUpdates: debounce(500) })}
      />
    </DataTableToolbar>
  );
}
