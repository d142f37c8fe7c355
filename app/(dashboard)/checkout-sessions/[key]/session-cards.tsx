import Link from "next/link";
import { DefinitionCard } from "@/components/detail/definition-card";
import { IdLink } from "@/components/detail/id-link";
import { Notice } from "@/components/detail/notice";
import { RelatedTable } from "@/components/detail/related-table";
import { Money } from "@/components/ui/money";
import { Time } from "@/components/ui/time";
import type { CheckoutSession } from "@/db/queries/checkout-sessions";
import { formatMoney } from "@/lib/format/money";
import type { Formatting } from "@/lib/i18n/formatting";

type Props = Formatting & { session: CheckoutSession };

/**
 * The payment the session led to, when its metadata names one (`paymentIntentId`, as the checkout writes it): a pi_ id
 * only, so a merchant's own text is never made into a link.
 */
export function sessionPaymentId(metadata: Record<string, unknown> | null | undefined): string | null {
  const id = metadata?.paymentIntentId;
  return typeof id === "string" && /^pi_[A-Za-z0-9_]+$/.test(id) ? id : null;
}

export function SessionSummaryCard({ session, t, locale, timeZone }: Props) {
  const customer = session.customerName || session.customerEmail || session.customerId;
  const payment = sessionPaymentId(session.metadata);
  return (
    <DefinitionCard
      title={t("detail.summary")}
      items={[
        { label: t("checkoutSession.total"), value: <Money amount={session.amountTotal} currency={session.currency} locale={locale} className="font-medium" /> },
        { label: t("exportCsv.columns.currency"), value: session.currency },
        {
          label: t("detail.customer"),
          value: customer && (session.customerId ? <Link href={`/customers/${encodeURIComponent(session.customerId)}`} className="text-indigo-600 hover:underline">{customer}</Link> : customer),
          hint: session.customerName && session.customerEmail ? session.customerEmail : undefined,
        },
        { label: t("detail.created"), value: session.createdAt && <Time value={new Date(session.createdAt).toISOString()} locale={locale} timeZone={timeZone} /> },
        ...(payment ? [{ label: t("detail.kind.payment"), value: <IdLink href={`/payments/${encodeURIComponent(payment)}`} id={payment} /> }] : []),
      ]}
    />
  );
}

export function LineItemsCard({ session, t, locale }: Props) {
  // Whether they add up is the query's (lineItemsAddUp), as the list and the CSV say it; only the words are chosen here.
  const sum = session.lineItemsTotal ?? 0;
  const otherCurrency = session.lineItems.some((item) => item.currency !== session.currency);
  return (
    <>
      {!session.lineItemsAddUp && (
        <Notice tone="warning" title={t("checkoutSession.mismatchTitle")}>
          {otherCurrency
            ? t("checkoutSession.mismatchCurrency", { currency: session.currency })
            : t("checkoutSession.mismatchBody", {
                sum: formatMoney(sum, session.currency, locale),
                total: formatMoney(session.amountTotal, session.currency, locale),
                difference: formatMoney(Math.abs(session.amountTotal - sum), session.currency, locale),
              })}
        </Notice>
      )}
      <RelatedTable
        title={t("checkoutSession.lineItems")}
        columns={[{ label: t("checkoutSession.item") }, { label: t("detail.description") }, { label: t("detail.amount"), align: "end" }]}
        empty={t("checkoutSession.noLineItems")}
        rows={session.lineItems.map((item, index) => ({
          key: String(index),
          cells: [
            <span key="name" className="font-medium text-slate-900">{item.name || t("checkoutSession.unnamedItem")}</span>,
            item.description,
            <Money key="amount" amount={item.amount} currency={item.currency} locale={locale} className="text-slate-900" />,
          ],
        }))}
        footer={
          session.lineItems.length > 0 && (
            <div className="flex items-baseline justify-between gap-4 border-t border-slate-200 bg-slate-50 px-4 py-2.5 text-sm sm:px-5">
              <span className="text-slate-600">{session.lineItemsAddUp ? t("checkoutSession.addsUp") : t("checkoutSession.sumOfItems")}</span>
              <Money amount={sum} currency={session.currency} locale={locale} className="font-semibold text-slate-900" />
            </div>
          )
        }
      />
    </>
  );
}
