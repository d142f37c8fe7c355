import { createLoader, parseAsStringLiteral, type inferParserType } from "nuqs/server";
import { LIST_OPTIONS, listSearchParams, parseAsFilterText } from "@/lib/list-params";
import { PAYMENT_INTENT_STATUSES } from "@/lib/payments/values";

// The Payments list's URL state, read by the server page (what to ask the API) and the client table (what the
// controls show). Unknown or malformed values fall back to "no filter" rather than failing the page.

export type PaymentStatus = (typeof PAYMENT_INTENT_STATUSES)[number];

export const paymentsSearchParams = {
  ...listSearchParams,
  status: parseAsStringLiteral(PAYMENT_INTENT_STATUSES).withOptions(LIST_OPTIONS),
  customerId: parseAsFilterText.withOptions(LIST_OPTIONS),
};

/** The filters (as opposed to paging): any of them set makes an empty page a "no match", and Reset clears them. */
export const PAYMENTS_FILTER_KEYS = ["status", "customerId", "from", "to"] as const;

export type PaymentsSearchParams = inferParserType<typeof paymentsSearchParams>;

export const loadPaymentsSearchParams = createLoader(paymentsSearchParams);
