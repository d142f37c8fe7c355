import "server-only";
import { loadListView, type ListView } from "@/app/(dashboard)/list-view";
import { env } from "@/lib/env";
import { fetchRenewalsPage } from "./fetch-page";
import { toRenewalRow, type RenewalRow } from "./rows";
import type { RenewalsSearchParams } from "./search-params";

export function loadRenewals(state: RenewalsSearchParams): Promise<ListView<RenewalRow>> {
  return loadListView("renewals", (client) => fetchRenewalsPage(client, state, env().DEFAULT_TIME_ZONE), toRenewalRow);
}
