import type { PaymentServiceError } from "@/lib/payments/errors";
import { errorCategory, errorMessageKey } from "@/lib/payments/error-messages";
import type { DataTableErrorProps } from "./error-state";

/**
 * A Payment Service failure as <DataTableError/> shows it, computed on the server: the status, the code and the
 * service's first message may be shown to a person; a key or a URL's query never is (the error's message has neither).
 */
export function explainPaymentError(error: PaymentServiceError): DataTableErrorProps {
  const detail = [error.status && `HTTP ${error.status}`, error.code, error.messages[0]].filter(Boolean).join(" · ");
  return { category: errorCategory(error), messageKey: errorMessageKey(error), ...(detail && { detail }) };
}
