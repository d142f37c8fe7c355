import "server-only";
import { getColumnVisibility, type ColumnVisibility } from "@/app/(dashboard)/table-preferences";
import { requireOperator } from "@/lib/auth/require-operator";
import { env } from "@/lib/env";
import { getMode } from "@/lib/mode";
import { getPaymentClient, isPaymentServiceError } from "@/lib/payments";
import type { DataTableErrorProps } from "@/components/data-table/error-state";
import { explainPaymentError } from "@/components/data-table/explain-error";
import { fetchPaymentsPage } from "./fetch-page";
import { toPaymentRow, type PaymentRow } from "./rows";
import type { PaymentsSearchParams } from "./search-params";

export type PaymentsView =
  | { ok: true; rows: PaymentRow[]; next?: string; prev?: string; total?: number; columnVisibility: ColumnVisibility }
  | { ok: false; error: DataTableErrorProps };

/**
 * One page of payment intents for the URL's state, read with the current mode's secret key. A Payment Service failure
 * becomes an explained error for the page to show; anything else (no session, the database down) is thrown.
 */
export async function loadPayments(state: PaymentsSearchParams): Promise<PaymentsView> {
  const operator = await requireOperator("viewer");
  const mode = await getMode();
  const columnVisibility = getColumnVisibility(operator.id, "payments");
  try {
    const page = await fetchPaymentsPage(getPaymentClient(mode), state, env().DEFAULT_TIME_ZONE);
    return { ok: true, rows: page.items.map(toPaymentRow), next: page.next, prev: page.prev, total: page.total, columnVisibility: await columnVisibility };
  } catch (error) {
    // Settle the preference read either way, so its rejection is never left unhandled.
    await columnVisibility.catch(() => undefined);
    if (isPaymentServiceError(error)) return { ok: false, error: explainPaymentError(error) };
    throw error;
  }
}
