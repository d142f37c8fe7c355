"use client";
import { debounce, useQueryStates } from "nuqs";
import { useTransition } from "react";
import { useTranslations } from "use-intl";
import { DataTableToolbar, DateRangeFilter, SelectFilter, TextFilter } from "@/components/data-table/toolbar";
import { hasActiveFilters, NO_CURSOR } from "@/lib/list-params";
import { PAYMENT_INTENT_STATUSES } from "@/lib/payments/values";
import { PAYMENTS_FILTER_KEYS, paymentsSearchParams } from "./search-params";

const CLEARED = { status: null, customerId: null, from: null, to: null, ...NO_CURSOR } as const;

export function PaymentsToolbar() {
  const t = useTranslations();
  const [pending, startTransition] = useTransition();
  const [state, setState] = useQueryStates(paymentsSearchParams, { startTransition });
  return (
    <DataTableToolbar pending={pending} canReset={hasActiveFilters(state, PAYMENTS_FILTER_KEYS)} onReset={() => void setState(CLEARED)}>
      <SelectFilter
        label={t("dataTable.status")}
        allLabel={t("dataTable.allStatuses")}
        value={state.status}
        options={PAYMENT_INTENT_STATUSES.map((status) => ({ value: status, label: t(`paymentStatus.${status}`) }))}
        onChange={(value) => void setState({ status: PAYMENT_INTENT_STATUSES.find((status) => status === value) ?? null, ...NO_CURSOR })}
      />
      <DateRangeFilter
        from={state.from}
        to={state.to}
        // A date typed by hand is a valid day at every keystroke (0002, 0020, 0202, 2026): wait for the last one.
        onChange={(range) => void setState({ ...range, ...NO_CURSOR }, { limitUrlUpdates: debounce(500) })}
      />
      <TextFilter
        label={t("payments.customerId")}
        placeholder={t("payments.customerIdPlaceholder")}
        value={state.customerId}
        onChange={(customerId) => void setState({ customerId, ...NO_CURSOR })}
      />
    </DataTableToolbar>
  );
}
