import { createLoader, parseAsStringLiteral, type inferParserType } from "nuqs/server";
import { LIST_OPTIONS, listSearchParams, parseAsFilterText } from "@/lib/list-params";
import { RENEWAL_STATUSES } from "@/lib/payments/values";

// The renewals list's URL state, read by the server page and the client toolbar alike.

export const renewalsSearchParams = {
  ...listSearchParams,
  status: parseAsStringLiteral(RENEWAL_STATUSES).withOptions(LIST_OPTIONS),
  subscriptionId: parseAsFilterText.withOptions(LIST_OPTIONS),
};

export const RENEWALS_FILTER_KEYS = ["status", "subscriptionId", "from", "to"] as const;

export type RenewalsSearchParams = inferParserType<typeof renewalsSearchParams>;

export const loadRenewalsSearchParams = createLoader(renewalsSearchParams);
