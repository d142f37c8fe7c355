import { createLoader, type inferParserType } from "nuqs/server";
import { listSearchParams } from "@/lib/list-params";

// The connected accounts list's URL state. The service filters them by created date only.
export const accountsSearchParams = listSearchParams;

export const ACCOUNTS_FILTER_KEYS = ["from", "to"] as const;

export type AccountsSearchParams = inferParserType<typeof accountsSearchParams>;

export const loadAccountsSearchParams = createLoader(accountsSearchParams);
