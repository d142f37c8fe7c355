"use client";
import { debounce, useQueryStates } from "nuqs";
import { useTransition } from "react";
import { useTranslations } from "use-intl";
import { DataTableToolbar, DateRangeFilter, SelectFilter, TextFilter } from "@/components/data-table/toolbar";
import { hasActiveFilters, NO_CURSOR } from "@/lib/list-params";
import { RENEWAL_STATUSES } from "@/lib/payments/values";
import { RENEWALS_FILTER_KEYS, renewalsSearchParams } from "./search-params";

const CLEARED = { status: null, subscriptionId: null, from: null, to: null, ...NO_CURSOR } as const;

export function RenewalsToolbar() {
  const t = useTranslations();
  const [pending, startTransition] = useTransition();
  const [state, setState] = useQueryStates(renewalsSearchParams, { startTransition });
  return (
    <DataTableToolbar pending={pending} canReset={hasActiveFilters(state, RENEWALS_FILTER_KEYS)} onReset={() => void setState(CLEARED)}>
      <SelectFilter
        label={t("dataTable.status")}
        allLabel={t("dataTable.allStatuses")}
        value={state.status}
        options={RENEWAL_STATUSES.map((status) => ({ value: status, label: t(`subscription.renewalStatus.${status}`) }))}
        onChange={(value) => void setState({ status: RENEWAL_STATUSES.find((status) => status === value) ?? null, ...NO_CURSOR })}
      />
      <DateRangeFilter
        from={state.from}
        to={state.to}
        // A date typed by hand is a valid day at every keystroke: wait for the last one.
        onChange={(range) => void setState({ ...range, ...NO_CURSOR }, { limitUrlUpdates: debounce(500) })}
      />
      <TextFilter
        label={t("renewalsList.subscriptionId")}
        placeholder={t("renewalsList.subscriptionIdPlaceholder")}
        value={state.subscriptionId}
        onChange={(subscriptionId) => void setState({ subscriptionId, ...NO_CURSOR })}
      />
    </DataTableToolbar>
  );
}
