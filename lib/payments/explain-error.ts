import type { PaymentServiceError } from "./errors";
import { errorCategory, errorMessageKey, type PaymentErrorCategory, type PaymentErrorMessageKey } from "./error-messages";

/**
 * A Payment Service failure in the terms an operator is shown (<DataTableError/> renders it): plain data, computed on
 * the server, so it crosses to the browser and into the export route's JSON alike.
 */
export type ExplainedError = {
  /** errorCategory(error) and errorMessageKey(error) of the PaymentServiceError. */
  category: PaymentErrorCategory;
  messageKey: PaymentErrorMessageKey;
  /** For whoever fixes it: HTTP status, code, the service's first message. Never a key or a URL's query. */
  detail?: string;
};

/** The status, the code and the service's first message may be shown to a person; a key or a URL's query never is (the error's message has neither). */
export function explainPaymentError(error: PaymentServiceError): ExplainedError {
  const detail = [error.status && `HTTP ${error.status}`, error.code, error.messages[0]].filter(Boolean).join(" · ");
  return { category: errorCategory(error), messageKey: errorMessageKey(error), ...(detail && { detail }) };
}
