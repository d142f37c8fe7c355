import { HeartCrack } from "lucide-react";
import { defineList } from "@/app/(dashboard)/list-declaration";
import type { ListStateOf } from "@/lib/list-filters";
import { ASSIGNED_CHOICES, FAILURE_CURRENCIES, FAILURE_SORTS, FAILURE_STATES, type FailureState } from "@/lib/renewals/states";
import type { FailedRenewalRow } from "@/lib/renewals/row";

// The failed-renewals workspace: one row per subscription and billing period that failed to renew, from this app's
// database (the failure events and the synced renewals). Its order is a filter too, so a shared link keeps it.
export const failedRenewalsList = defineList<FailedRenewalRow>()({
  name: "failedRenewals",
  path: "/renewals/failed",
  words: "failedRenewals",
  filters: [
    { kind: "select", key: "state", values: FAILURE_STATES, label: "failedRenewals.state", allLabel: "failedRenewals.allStates", optionLabel: (state: FailureState) => `failedRenewals.states.${state}` as const },
    { kind: "select", key: "currency", values: FAILURE_CURRENCIES, open: true, label: "failedRenewals.currency", allLabel: "failedRenewals.allCurrencies", optionLabel: (currency: (typeof FAILURE_CURRENCIES)[number]) => `failedRenewals.currencies.${currency}` as const },
    { kind: "text", key: "errorCode", code: true },
    { kind: "select", key: "assigned", values: ASSIGNED_CHOICES, label: "failedRenewals.assigned", allLabel: "failedRenewals.anyone", optionLabel: (choice: (typeof ASSIGNED_CHOICES)[number]) => `failedRenewals.assignedChoices.${choice}` as const },
    { kind: "range", labels: { from: "failedRenewals.attemptFrom", to: "failedRenewals.attemptTo" } },
    { kind: "select", key: "sort", values: FAILURE_SORTS, label: "failedRenewals.sort", allLabel: "failedRenewals.sorts.nextAttempt", optionLabel: (sort: (typeof FAILURE_SORTS)[number]) => `failedRenewals.sorts.${sort}` as const },
  ],
  skeletonColumns: 9,
  // The failures come from webhooks, their renewal's status and total and the decline's reason from the synced copy.
  syncedFrom: ["renewals", "payments"],
  nav: { icon: HeartCrack, order: 41 },
});

export type FailedRenewalsState = ListStateOf<typeof failedRenewalsList.filters>;
