"use client";
import { AlertTriangle, RefreshCw } from "lucide-react";
import { SpriteIcon } from "@/components/ui/sprite";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useTransition } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { PaymentErrorCategory } from "@/lib/payments/error-messages";
import type { ExplainedError } from "@/lib/payments/explain-error";

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
 */
export function DataTableError({ category, messageKey, detail }: DataTableErrorProps) {
  const t = useTranslations();
  const router = useRouter();
  const pathname = usePathname();
  const [retrying, startRetry] = useTransition();
  return (
    <Card role="alert" data-error-category={category} className="flex flex-col items-center gap-2 px-6 py-12 text-center">
      <SpriteIcon icon={AlertTriangle} className="size-8 text-amber-500" />
      <h2 className="text-sm font-semibold text-slate-900">{t(`dataTable.${TITLE_KEYS[category]}`)}</h2>
      <p className="max-w-lg text-sm text-slate-600">{t(messageKey)}</p>
      {/* A list's request is the URL: when the service refuses one, the link is what went wrong. */}
      {category === "invalid_request" && <p className="max-w-lg text-sm text-slate-500">{t("dataTable.invalidRequestHint")}</p>}
      <div className="mt-2 flex flex-wrap items-center justify-center gap-3">
        {RETRYABLE.has(category) && (
          <Button variant="secondary" disabled={retrying} onClick={() => startRetry(() => router.refresh())}>
            <SpriteIcon icon={RefreshCw} className={retrying ? "size-4 animate-spin" : "size-4"} />
            {t("dataTable.retry")}
          </Button>
        )}
        {(category === "invalid_request" || category === "not_found") && (
          <Link href={pathname} className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
            {t("dataTable.startOver")}
          </Link>
        )}
      </div>
      {detail && (
        <details className="mt-3 max-w-lg text-xs text-slate-500">
          <summary className="cursor-pointer select-none">{t("dataTable.technicalDetail")}</summary>
          <p className="mt-1 font-mono break-words">{detail}</p>
        </details>
      )}
    </Card>
  );
}
