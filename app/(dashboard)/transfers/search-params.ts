import { createLoader, parseAsStringLiteral, type inferParserType } from "nuqs/server";
import { LIST_OPTIONS, listSearchParams, parseAsFilterText } from "@/lib/list-params";

// The SINPE transfers list's URL state, read by the server page and the client toolbar alike.

// Repeated rather than imported: lib/payments/schemas would bring zod into the browser bundle. search-params.test.ts
// fails if these and the client's MOBILE_TRANSFER_STATUSES / SINPE_REF_LENGTH ever differ.
export const TRANSFER_STATUSES = ["pending", "received", "attempt_not_found", "charge_not_found", "expired", "canceled"] as const;
export const SINPE_REF_LENGTH = 25;

export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

export const transfersSearchParams = {
  ...listSearchParams,
  status: parseAsStringLiteral(TRANSFER_STATUSES).withOptions(LIST_OPTIONS),
  // Kept as typed (even at the wrong length) so the page can say what is wrong with it instead of dropping it.
  reference: parseAsFilterText.withOptions(LIST_OPTIONS),
  senderId: parseAsFilterText.withOptions(LIST_OPTIONS),
};

export const TRANSFERS_FILTER_KEYS = ["status", "reference", "senderId", "from", "to"] as const;

export type TransfersSearchParams = inferParserType<typeof transfersSearchParams>;

export const loadTransfersSearchParams = createLoader(transfersSearchParams);

/** Every SINPE reference has 25 characters: any other can only match nothing, so it is refused before a request. */
export const isSinpeReference = (text: string) => text.length === SINPE_REF_LENGTH;
