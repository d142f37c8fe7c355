import type { Renewal } from "@/lib/payments/schemas";

// What one row of the renewals table needs; the row leads to its subscription (renewals have no page of their own).

export type RenewalRow = {
  id: string;
  periodStart: string;
  periodEnd: string;
  status: string;
  total: number;
  currency: string;
  attempts: number;
  nextAttemptAt: string | null;
  subscriptionId: string;
};

export function toRenewalRow(renewal: Renewal): RenewalRow {
  return {
    id: renewal.id,
    periodStart: renewal.periodStart,
    periodEnd: renewal.periodEnd,
    status: renewal.status,
    total: renewal.total,
    currency: renewal.currency.toUpperCase(),
    // Absent before the first charge attempt: none made yet.
    attempts: renewal.attemptCount ?? 0,
    nextAttemptAt: renewal.nextPaymentAttempt ?? null,
    subscriptionId: renewal.subscriptionId,
  };
}
