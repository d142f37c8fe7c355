import { createLoader, parseAsStringLiteral, type inferParserType } from "nuqs/server";
import { LIST_OPTIONS, listSearchParams, parseAsFilterText } from "@/lib/list-params";

// The Payments list's URL state, read by the server page (what to ask the API) and the client table (what the
// controls show). Unknown or malformed values fall back to "no filter" rather than failing the page.

// Repeated rather than imported: lib/payments/schemas would bring zod into the browser bundle. search-params.test.ts
// fails if this list and the client's PAYMENT_INTENT_STATUSES ever differ.
export const PAYMENT_STATUSES = [
  "requires_confirmation",
  "requires_payment_method",
  "requires_action",
  "requires_capture",
  "processing",
  "succeeded",
  "refunded",
  "canceled",
] as const;

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const paymentsSearchParams = {
  ...listSearchParams,
  status: parseAsStringLiteral(PAYMENT_STATUSES).withOptions(LIST_OPTIONS),
  customerId: parseAsFilterText.withOptions(LIST_OPTIONS),
};

/** The filters (as opposed to paging): any of them set makes an empty page a "no match", and Reset clears them. */
export const PAYMENTS_FILTER_KEYS = ["status", "customerId", "from", "to"] as const;

export type PaymentsSearchParams = inferParserType<typeof paymentsSearchParams>;

export const loadPaymentsSearchParams = createLoader(paymentsSearchParams);
