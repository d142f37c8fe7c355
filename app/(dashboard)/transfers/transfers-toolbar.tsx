"use client";
import { debounce, useQueryStates } from "nuqs";
import { useTransition } from "react";
import { useTranslations } from "use-intl";
import { DataTableToolbar, DateRangeFilter, SelectFilter, TextFilter } from "@/components/data-table/toolbar";
import { hasActiveFilters, NO_CURSOR } from "@/lib/list-params";
import { MOBILE_TRANSFER_STATUSES } from "@/lib/payments/values";
import { TRANSFERS_FILTER_KEYS, transfersSearchParams } from "./search-params";

const CLEARED = { status: null, reference: null, senderId: null, from: null, to: null, ...NO_CURSOR } as const;

export function TransfersToolbar() {
  const t = useTranslations();
  const [pending, startTransition] = useTransition();
  const [state, setState] = useQueryStates(transfersSearchParams, { startTransition });
  return (
    <DataTableToolbar pending={pending} canReset={hasActiveFilters(state, TRANSFERS_FILTER_KEYS)} onReset={() => void setState(CLEARED)}>
      <SelectFilter
        label={t("dataTable.status")}
        allLabel={t("dataTable.allStatuses")}
        value={state.status}
        options={MOBILE_TRANSFER_STATUSES.map((status) => ({ value: status, label: t(`transfer.status.${status}`) }))}
        onChange={(value) => void setState({ status: MOBILE_TRANSFER_STATUSES.find((status) => status === value) ?? null, ...NO_CURSOR })}
      />
      <DateRangeFilter
        from={state.from}
        to={state.to}
        // A date typed by hand is a valid day at every keystroke: wait for the last one.
        onChange={(range) => void setState({ ...range, ...NO_CURSOR }, { limitUrlUpdates: debounce(500) })}
      />
      <TextFilter
        label={t("transfersList.reference")}
        placeholder={t("transfersList.referencePlaceholder")}
        value={state.reference}
        onChange={(reference) => void setState({ reference, ...NO_CURSOR })}
      />
      <TextFilter
        label={t("transfersList.senderId")}
        placeholder={t("transfersList.senderIdPlaceholder")}
        value={state.senderId}
        onChange={(senderId) => void setState({ senderId, ...NO_CURSOR })}
      />
    </DataTableToolbar>
  );
}
