import "server-only";
import { loadListView, type ListView } from "@/app/(dashboard)/list-view";
import { env } from "@/lib/env";
import { toListParams } from "@/lib/list-params";
import { listCustomers } from "@/lib/payments";
import { toCustomerRow, type CustomerRow } from "./rows";
import type { CustomersSearchParams } from "./search-params";

export function loadCustomers(state: CustomersSearchParams): Promise<ListView<CustomerRow>> {
  return loadListView("customers", (client) => listCustomers(client, toListParams(state, env().DEFAULT_TIME_ZONE)), toCustomerRow);
}
