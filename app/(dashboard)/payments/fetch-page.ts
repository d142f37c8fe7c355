import "server-only";
import { toListParams } from "@/lib/list-params";
import { listPaymentIntents, type PaymentClient } from "@/lib/payments";
import type { PaymentsSearchParams } from "./search-params";

/** The API call for a list state, shared by the page and the CSV export (which pages on with its own cursor). */
export function fetchPaymentsPage(client: PaymentClient, state: PaymentsSearchParams, timeZone: string) {
  return listPaymentIntents(client, {
    ...toListParams(state, timeZone),
    status: state.status ?? undefined,
    customerId: state.customerId ?? undefined,
  });
}
