import type { IntentOutcome } from "@/db/queries/overview";
import type { PaymentStatus } from "../payments/status";
import type { RENEWAL_STATUSES } from "@/lib/payments/values";
import type { FailureState } from "@/lib/renewals/states";
import type { DayRange } from "@/lib/local-days";

// Where each figure leads: the list that shows the objects behind it, filtered as far as that list can be. The
// lists read the Payment Service live, so their date filter is on creation (a payment created yesterday that
// succeeded today shows under yesterday there).

const query = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params)}`;

// The status an outcome's intents have: a failure leaves the intent waiting for another payment method.
const STATUS: Record<IntentOutcome, PaymentStatus> = { succeeded: "succeeded", failed: "requires_payment_method", deferred: "processing" };

export const paymentsHref = (outcome: IntentOutcome, range: Pick<DayRange, "from" | "to">) => query("/payments", { status: STATUS[outcome], from: range.from, to: range.to });

/**
 * Reconciliation's queues: Suggested first, the summary showing every queue's figures. The Overview's transfers to
 * reconcile are exactly the Suggested and Unmatched queues' transfers (the page's first line says the same count).
 */
export const reconciliationHref = () => "/reconciliation";

export const renewalsHref = (status: (typeof RENEWAL_STATUSES)[number]) => query("/renewals", { status });

/** The failed-renewals workspace in one state: the renewals behind the Overview's retrying and exhausted figures. */
export const failedRenewalsHref = (state: FailureState) => query("/renewals/failed", { state });

export const eventHref = (id: number) => `/events/${id}`;
