"use client";
import { LoaderCircle, ShieldAlert } from "lucide-react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Money } from "@/components/ui/money";
import type { CheckedRefund } from "@/lib/refunds/refund-input";

type Props = { refund: CheckedRefund; currency: string; remaining: number; locale: string; pending: boolean; onConfirm: () => void; onBack: () => void };

/**
 * The last look before money moves: the amount as it was read (formatted, with its currency's code, so "5000" typed
 * for ₡5 000 cannot become $5 000), why, and what will be left.
 */
export function RefundConfirm({ refund, currency, remaining, locale, pending, onConfirm, onBack }: Props) {
  const t = useTranslations();
  return (
    <section aria-labelledby="refund-confirm-title" className="space-y-3 rounded-md bg-amber-50 p-3 ring-1 ring-amber-200 ring-inset">
      <div className="flex gap-2">
        <ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600" />
        <div className="min-w-0">
          <h3 id="refund-confirm-title" className="text-sm font-semibold text-amber-900">
            {t("refund.confirmTitle")}
          </h3>
          <p className="mt-0.5 text-sm text-amber-900">{t("refund.confirmBody")}</p>
        </div>
      </div>
      <p className="flex flex-wrap items-baseline gap-x-2 text-2xl font-semibold text-slate-900" data-testid="refund-confirm-amount">
        <Money amount={refund.amount} currency={currency} locale={locale} />
        <span className="text-sm font-medium text-slate-500">{currency}</span>
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">{t("refund.reason")}</dt>
        <dd className="text-slate-900">{t(`refund.reasons.${refund.reason}`)}</dd>
        {refund.description && (
          <>
            <dt className="text-slate-600">{t("detail.description")}</dt>
            <dd className="break-words text-slate-900">{refund.description}</dd>
          </>
        )}
        <dt className="text-slate-600">{t("refund.remainingAfter")}</dt>
        <dd className="text-slate-900">
          <Money amount={Math.max(0, remaining - refund.amount)} currency={currency} locale={locale} />
        </dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        {/* Disabled from the click until the page has re-read the payment: a second click cannot send a second refund. */}
        <Button onClick={onConfirm} disabled={pending} aria-busy={pending}>
          {pending && <LoaderCircle aria-hidden className="size-4 animate-spin" />}
          {pending ? t("refund.confirming") : t("refund.confirm")}
        </Button>
        <Button variant="secondary" onClick={onBack} disabled={pending}>
          {t("refund.back")}
        </Button>
      </div>
    </section>
  );
}
