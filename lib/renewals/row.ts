import type { CardExpiryState } from "@/lib/payments/card-expiry";
import type { CARD_DECLINE_REASONS } from "@/lib/payments/schemas/errors";
import type { FailureState } from "@/lib/renewals/states";

// What one row of the failed-renewals table carries to the browser: times as ISO text, money in minor units.

export type FailedRenewalRow = {
  id: string;
  subscriptionId: string;
  periodStart: string;
  periodEnd: string | null;
  customerId: string | null;
  customerName: string | null;
  customerEmail: string | null;
  customerPhone: string | null;
  amount: number | null;
  currency: string | null;
  attempts: number;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  paymentIntentId: string | null;
  state: FailureState;
  stateChangedAt: string | null;
  assignedTo: string | null;
  assignedName: string | null;
  lastContactKind: string | null;
  lastContactNote: string | null;
  lastContactAt: string | null;
  promisedBy: string | null;
  /** From the service, for this page's rows only: the decline in words and the customer's card. */
  declineReason: (typeof CARD_DECLINE_REASONS)[number] | null;
  /** The card's expiry judged on the server in the operator's zone, as on the customer's page. */
  card: { brand: string | null; expMonth: number; expYear: number; expiry: CardExpiryState } | null;
};
