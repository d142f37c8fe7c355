import { randomUUID } from "node:crypto";
import type { Formatting } from "@/lib/i18n/formatting";
import { Card } from "@/components/ui/card";
import { Money } from "@/components/ui/money";
import { RefundForm } from "./refund-form";
import type { IntentView } from "./view";

/**
 * Refunds, for operators and admins only (the page leaves it out for viewers): how much went back, how much may still,
 * and the form while the intent allows one. The form stays mounted after a full refund, to show its result.
 */
export function RefundCard({ intent, t, locale }: Formatting & { intent: IntentView }) {
  // A payment that never succeeded has nothing to refund and nothing refunded: no card at all, rather than zeros.
  if (intent.refundability === "not_succeeded" && !intent.amountRefunded) return null;
  const why = intent.refundability === "fully_refunded" ? t("refund.fullyRefunded") : intent.refundability === "not_succeeded" ? t("refund.notSucceeded") : null;
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-sm font-semibold text-slate-900">{t("refund.title")}</h2>
      <dl className="mt-3 grid grid-cols-2 gap-3">
        <div>
          <dt className="text-xs text-slate-500">{t("refund.refunded")}</dt>
          <dd className="mt-0.5 text-sm font-medium text-slate-900">
            <Money amount={intent.amountRefunded ?? 0} currency={intent.currency} locale={locale} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t("refund.remaining")}</dt>
          <dd className="mt-0.5 text-sm font-medium text-slate-900" data-testid="refund-remaining">
            <Money amount={intent.refundability === "refundable" ? intent.remaining : 0} currency={intent.currency} locale={locale} />
          </dd>
        </div>
      </dl>
      {why && <p className="mt-3 text-sm text-slate-500">{why}</p>}
      <div className="mt-4">
        {/* A new one-time key on every render: the action refreshes the page after each answer, so each refund gets its own. */}
        <RefundForm
          paymentIntentId={intent.id}
          currency={intent.currency}
          remaining={intent.remaining}
          refundable={intent.refundability === "refundable"}
          locale={locale}
          requestKey={randomUUID()}
        />
      </div>
    </Card>
  );
}
