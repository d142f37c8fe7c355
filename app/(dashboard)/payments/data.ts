import "server-only";
import { loadListView, type ListView } from "@/app/(dashboard)/list-view";
import { env } from "@/lib/env";
import { fetchPaymentsPage } from "./fetch-page";
import { toPaymentRow, type PaymentRow } from "./rows";
import type { PaymentsSearchParams } from "./search-params";

export function loadPayments(state: PaymentsSearchParams): Promise<ListView<PaymentRow>> {
  return loadListView("payments", (client) => fetchPaymentsPage(client, state, env().DEFAULT_TIME_ZONE), toPaymentRow);
}
