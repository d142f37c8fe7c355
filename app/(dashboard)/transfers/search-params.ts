import { createLoader, parseAsStringLiteral, type inferParserType } from "nuqs/server";
import { LIST_OPTIONS, listSearchParams, parseAsFilterText } from "@/lib/list-params";
import { MOBILE_TRANSFER_STATUSES, SINPE_REF_LENGTH } from "@/lib/payments/values";

// The SINPE transfers list's URL state, read by the server page and the client toolbar alike.

export const transfersSearchParams = {
  ...listSearchParams,
  status: parseAsStringLiteral(MOBILE_TRANSFER_STATUSES).withOptions(LIST_OPTIONS),
  // Kept as typed (even at the wrong length) so the page can say what is wrong with it instead of dropping it.
  reference: parseAsFilterText.withOptions(LIST_OPTIONS),
  senderId: parseAsFilterText.withOptions(LIST_OPTIONS),
};

export const TRANSFERS_FILTER_KEYS = ["status", "reference", "senderId", "from", "to"] as const;

export type TransfersSearchParams = inferParserType<typeof transfersSearchParams>;

export const loadTransfersSearchParams = createLoader(transfersSearchParams);

/** Every SINPE reference has 25 characters: any other can only match nothing, so it is refused before a request. */
export const isSinpeReference = (text: string) => text.length === SINPE_REF_LENGTH;
