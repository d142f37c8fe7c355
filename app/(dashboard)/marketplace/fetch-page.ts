import "server-only";
import { toListParams } from "@/lib/list-params";
import { listConnectedAccounts, type PaymentClient } from "@/lib/payments";
import type { AccountsSearchParams } from "./search-params";

/** The API call for a list state, shared by the page and the CSV export (which pages on with its own cursor). */
export function fetchAccountsPage(client: PaymentClient, state: AccountsSearchParams, timeZone: string) {
  return listConnectedAccounts(client, toListParams(state, timeZone));
}
