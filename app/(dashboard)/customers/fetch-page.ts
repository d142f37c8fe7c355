import "server-only";
import { toListParams } from "@/lib/list-params";
import { listCustomers, type PaymentClient } from "@/lib/payments";
import type { CustomersSearchParams } from "./search-params";

/** The API call for a list state, shared by the page and the CSV export (which pages on with its own cursor). */
export function fetchCustomersPage(client: PaymentClient, state: CustomersSearchParams, timeZone: string) {
  return listCustomers(client, toListParams(state, timeZone));
}
