import "server-only";
import { loadListView, type ListView } from "@/app/(dashboard)/list-view";
import { env } from "@/lib/env";
import { fetchCustomersPage } from "./fetch-page";
import { toCustomerRow, type CustomerRow } from "./rows";
import type { CustomersSearchParams } from "./search-params";

export function loadCustomers(state: CustomersSearchParams): Promise<ListView<CustomerRow>> {
  return loadListView("customers", (client) => fetchCustomersPage(client, state, env().DEFAULT_TIME_ZONE), toCustomerRow);
}
