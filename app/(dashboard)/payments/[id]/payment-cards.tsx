import { CreditCard, Smartphone, XCircle } from "lucide-react";
import type { Formatting } from "@/lib/i18n/formatting";
import { AmountWithCode } from "@/components/detail/amount-with-code";
import { DefinitionCard } from "@/components/detail/definition-card";
import { IdLink } from "@/components/detail/id-link";
import { Money } from "@/components/ui/money";
import { Time } from "@/components/ui/time";
import type { LocalTransfer } from "@/db/queries/mobile-transfers";
import type { IntentView } from "./view";

type Props = Formatting & { intent: IntentView };

/** Amount, status, who paid, how, and when. */
export function PaymentSummaryCard({ intent, t, locale, timeZone }: Props) {
  const MethodIcon = intent.method === "card" ? CreditCard : Smartphone;
  return (
    <DefinitionCard
      title={t("detail.summary")}
      items={[
        { label: t("detail.amount"), value: <AmountWithCode amount={intent.amount} currency={intent.currency} locale={locale} /> },
        // Said only when it adds something: a USD intent's base amount is its amount.
        { label: t("paymentDetail.baseAmount"), value: intent.baseAmount !== null && intent.currency !== "USD" && <Money amount={intent.baseAmount} currency="USD" locale={locale} />, optional: true },
        { label: t("paymentDetail.refunded"), value: intent.amountRefunded ? <Money amount={intent.amountRefunded} currency={intent.currency} locale={locale} /> : null, optional: true },
        { label: t("detail.customer"), value: <Customer intent={intent} t={t} /> },
        { label: t("detail.description"), value: intent.description },
        {
          label: t("paymentDetail.method"),
          value: (intent.method || intent.paymentMethodId) && (
            <>
              {intent.method && (
                <span className="inline-flex items-center gap-1.5">
                  <MethodIcon aria-hidden className="size-4 text-slate-400" />
                  {t(`payments.method.${intent.method}`)}
                </span>
              )}
              {intent.paymentMethodId && <div className="font-mono text-xs break-all text-slate-500">{intent.paymentMethodId}</div>}
            </>
          ),
        },
        { label: t("paymentDetail.attempts"), value: intent.confirmationAttempts?.toString() },
        { label: t("detail.created"), value: <Time value={intent.createdAt} locale={locale} timeZone={timeZone} /> },
        { label: t("detail.updated"), value: intent.updatedAt && <Time value={intent.updatedAt} locale={locale} timeZone={timeZone} /> },
      ]}
    />
  );
}

function Customer({ intent, t }: Pick<Props, "intent" | "t">) {
  if (!intent.customerId) return <span className="text-slate-400">{t("paymentDetail.noCustomer")}</span>;
  return (
    <div className="leading-tight">
      <IdLink href={`/customers/${encodeURIComponent(intent.customerId)}`} id={intent.customerId}>
        {intent.customerName ?? intent.customerEmail ?? undefined}
      </IdLink>
      {intent.customerName && intent.customerEmail && <div className="mt-0.5 text-xs text-slate-500">{intent.customerEmail}</div>}
    </div>
  );
}

/** Why the last attempt failed, in words from its stable reason; the service's own message only as a footnote. */
export function LastErrorCard({ intent, t }: Props) {
  const error = intent.lastError;
  if (!error) return null;
  const code = (value: string | null | undefined) => value && <code className="font-mono text-xs">{value}</code>;
  return (
    <DefinitionCard
      title={t("paymentDetail.lastError.title")}
      items={[
        { label: t("paymentDetail.lastError.declineCode"), value: code(error.declineCode), optional: true },
        { label: t("paymentDetail.lastError.code"), value: code(error.code) },
        { label: t("paymentDetail.lastError.type"), value: code(error.type), optional: true },
        { label: t("paymentDetail.lastError.message"), value: error.message, hint: error.message ? t("paymentDetail.lastError.messageHint") : undefined, optional: true },
      ]}
    >
      {error.reasonKey && (
        <p className="mt-3 flex gap-2 rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
          <XCircle aria-hidden className="mt-0.5 size-4 shrink-0 text-red-500" />
          {t(error.reasonKey)}
        </p>
      )}
    </DefinitionCard>
  );
}

/** The SINPE transfer this app linked to the intent (reconciliation or sync), when there is one. */
export function LinkedTransferCard({ transfer, t, locale, timeZone }: Formatting & { transfer: LocalTransfer | null }) {
  if (!transfer) return null;
  return (
    <DefinitionCard
      title={t("paymentDetail.transfer.title")}
      items={[
        { label: t("paymentDetail.transfer.reference"), value: <IdLink href={`/transfers/${transfer.sinpeRefNumber}`} id={transfer.sinpeRefNumber} /> },
        { label: t("detail.amount"), value: <Money amount={transfer.amount} currency={transfer.currency} locale={locale} /> },
        { label: t("paymentDetail.transfer.sender"), value: transfer.originName },
        { label: t("paymentDetail.transfer.authorized"), value: transfer.authorizationDate && <Time value={transfer.authorizationDate} locale={locale} timeZone={timeZone} /> },
      ]}
    />
  );
}
