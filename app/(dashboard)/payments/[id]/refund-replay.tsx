"use client";
import { CopyCheck } from "lucide-react";
import { useTranslations } from "use-intl";
import { Money } from "@/components/ui/money";
import type { FirstRefund } from "@/lib/refunds/refund-input";

/**
 * The answer to a refund request sent a second time (a double submit, a retry after a lost answer, a replay): nothing
 * new was asked of the service, and this is what the first request did — its refund, its error, or that it is still
 * running. Amber, not green: it must never read as a second refund made.
 */
export function RefundReplayBox({ first, locale }: { first: FirstRefund; locale: string }) {
  const t = useTranslations();
  return (
    <div role="alert" className="flex gap-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-300 ring-inset">
      <CopyCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600" />
      <div className="min-w-0 space-y-1">
        <p className="font-semibold">{t("refund.replay.title")}</p>
        {first.state === "done" && (
          <>
            <p>
              {t("refund.replay.done")} <Money amount={first.refund.amount} currency={first.refund.currency} locale={locale} className="font-medium" /> {first.refund.currency}
            </p>
            <p className="text-xs">
              {t("refund.reference")}: <span className="font-mono break-all">{first.refund.id}</span>
            </p>
          </>
        )}
        {first.state === "failed" && (
          <p>
            {t("refund.replay.failed")} {t(`refund.outcome.${first.problem.outcome}`)}. {t(first.problem.messageKey)}
          </p>
        )}
        {first.state === "in_flight" && <p>{t("refund.replay.inFlight")}</p>}
      </div>
    </div>
  );
}
