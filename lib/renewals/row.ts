import type { CardExpiryState } from "@/lib/payments/card-expiry";
import type { CARD_DECLINE_REASONS } from "@/lib/payments/schemas/errors";
import type { CloseReason, FailureState } from "@/lib/renewals/states";

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
  /** An operator's closure by hand (state "closed", or kept as a record once the service recovered it). */
  closedAt: string | null;
  closedByName: string | null;
  closeReason: CloseReason | null;
  closeNote: string | null;
  /** The decline's stable reason ("unknown" for one this app does not know), from the attempt's synced intent. */
  declineReason: (typeof CARD_DECLINE_REASONS)[number] | null;
  /** The gateway's or issuer's code for the decline, as the service gives it (not one universal code space). */
  declineCode: string | null;
  /** The method the attempt charged, from the synced intent: the card shown is that one when the service lists it. */
  paymentMethodId: string | null;
  /**
   * From the service, for this page's rows only: the customer's saved card, its expiry judged on the server in the
   * operator's zone, as on the customer's page.
   */
  card: { brand: string | null; expMonth: number; expYear: number; expiry: CardExpiryState } | null;
};
