"use client";
import { debounce, useQueryStates } from "nuqs";
import { useTransition } from "react";
import { useTranslations } from "use-intl";
import { DataTableToolbar, DateRangeFilter, SelectFilter } from "@/components/data-table/toolbar";
import { hasActiveFilters, NO_CURSOR } from "@/lib/list-params";
import { SUBSCRIPTION_STATUSES } from "@/lib/payments/values";
import { SUBSCRIPTIONS_FILTER_KEYS, subscriptionsSearchParams } from "./search-params";

const CLEARED = { status: null, from: null, to: null, ...NO_CURSOR } as const;

export function SubscriptionsToolbar() {
  const t = useTranslations();
  const [pending, startTransition] = useTransition();
  const [state, setState] = useQueryStates(subscriptionsSearchParams, { startTransition });
  return (
    <DataTableToolbar pending={pending} canReset={hasActiveFilters(state, SUBSCRIPTIONS_FILTER_KEYS)} onReset={() => void setState(CLEARED)}>
      <SelectFilter
        label={t("dataTable.status")}
        allLabel={t("dataTable.allStatuses")}
        value={state.status}
        options={SUBSCRIPTION_STATUSES.map((status) => ({ value: status, label: t(`subscription.status.${status}`) }))}
        onChange={(value) => void setState({ status: SUBSCRIPTION_STATUSES.find((status) => status === value) ?? null, ...NO_CURSOR })}
      />
      <DateRangeFilter
        from={state.from}
        to={state.to}
        // A date typed by hand is a valid day at every keystroke: wait for the last one.
        onChange={(range) => void setState({ ...range, ...NO_CURSOR }, { limitUrlUpdates: debounce(500) })}
      />
    </DataTableToolbar>
  );
}
