import "server-only";
import { getT } from "@/lib/i18n/server";
import type { PaymentErrorCategory } from "@/lib/payments/error-messages";
import type { ExplainedError } from "@/lib/payments/explain-error";
import { DataTableErrorView } from "./error-view";

const TITLE_KEYS = {
  keys_misconfigured: "errorTitle.keysMisconfigured",
  not_found: "errorTitle.notFound",
  rate_limited: "errorTitle.rateLimited",
  unavailable: "errorTitle.unavailable",
  invalid_request: "errorTitle.invalidRequest",
  invalid_response: "errorTitle.invalidResponse",
} as const satisfies Record<PaymentErrorCategory, string>;

// Waiting helps with these; a bad request or bad keys come back the same however often they are retried.
const RETRYABLE = new Set<PaymentErrorCategory>(["rate_limited", "unavailable", "invalid_response"]);

/** A Payment Service failure as explainPaymentError describes it on the server. */
export type DataTableErrorProps = ExplainedError;

/**
 * The Payment Service failed this list: what happened in the operator's terms, and what they can do. It replaces the
 * table only, so the shell, the filters and the rest of the page keep working.
 * Translated here, on the server: the browser gets the words of this failure, not the catalog of every failure.
 */
export async function DataTableError({ category, messageKey, detail }: DataTableErrorProps) {
  const t = await getT();
  return (
    <DataTableErrorView
      category={category}
      detail={detail}
      text={{
        title: t(`dataTable.${TITLE_KEYS[category]}`),
        message: t(messageKey),
        hint: category === "invalid_request" ? t("dataTable.invalidRequestHint") : undefined,
        retry: RETRYABLE.has(category) ? t("dataTable.retry") : undefined,
        startOver: category === "invalid_request" || category === "not_found" ? t("dataTable.startOver") : undefined,
        technicalDetail: t("dataTable.technicalDetail"),
      }}
    />
  );
}
