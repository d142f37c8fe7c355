import "server-only";
import { toListParams } from "@/lib/list-params";
import { listRenewals, type PaymentClient } from "@/lib/payments";
import type { RenewalsSearchParams } from "./search-params";

/** The API call for a list state, shared by the page and the CSV export (which pages on with its own cursor). */
export function fetchRenewalsPage(client: PaymentClient, state: RenewalsSearchParams, timeZone: string) {
  return listRenewals(client, {
    ...toListParams(state, timeZone),
    status: state.status ?? undefined,
    subscriptionId: state.subscriptionId ?? undefined,
  });
}
