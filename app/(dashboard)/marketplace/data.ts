import "server-only";
import { loadListView, type ListView } from "@/app/(dashboard)/list-view";
import { env } from "@/lib/env";
import { fetchAccountsPage } from "./fetch-page";
import { toAccountRow, type AccountRow } from "./rows";
import type { AccountsSearchParams } from "./search-params";

export function loadAccounts(state: AccountsSearchParams): Promise<ListView<AccountRow>> {
  return loadListView("connected-accounts", (client) => fetchAccountsPage(client, state, env().DEFAULT_TIME_ZONE), toAccountRow);
}
