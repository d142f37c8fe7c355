import { createLoader, parseAsStringLiteral, type inferParserType } from "nuqs/server";
import { LIST_OPTIONS, listSearchParams, parseAsFilterText } from "@/lib/list-params";

// The renewals list's URL state, read by the server page and the client toolbar alike.

// Repeated rather than imported: lib/payments/schemas would bring zod into the browser bundle. search-params.test.ts
// fails if this list and the client's RENEWAL_STATUSES ever differ.
export const RENEWAL_STATUSES = ["draft", "open", "paid", "void", "uncollectible"] as const;

export const renewalsSearchParams = {
  ...listSearchParams,
  status: parseAsStringLiteral(RENEWAL_STATUSES).withOptions(LIST_OPTIONS),
  subscriptionId: parseAsFilterText.withOptions(LIST_OPTIONS),
};

export const RENEWALS_FILTER_KEYS = ["status", "subscriptionId", "from", "to"] as const;

export type RenewalsSearchParams = inferParserType<typeof renewalsSearchParams>;

export const loadRenewalsSearchParams = createLoader(renewalsSearchParams);
