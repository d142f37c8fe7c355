import Link from "next/link";
import { DataTableError } from "@/components/data-table/error-state";
import type { Formatting } from "@/lib/i18n/formatting";
import { IdLink } from "@/components/detail/id-link";
import { Period } from "@/components/detail/period";
import { RelatedTable } from "@/components/detail/related-table";
import { StatusBadge } from "@/components/detail/status-badge";
import type { Settled } from "@/lib/payments/settle";
import { Money } from "@/components/ui/money";
import { Time } from "@/components/ui/time";
import type { PaymentRow } from "../../payments/rows";
import { listHref } from "@/lib/list-filters";
import { paymentsList } from "../../payments/list";
import { PAYMENT_STATUS_TONES } from "../../payments/status";
import { SUBSCRIPTION_STATUS_TONES } from "../../subscriptions/[id]/status";
import type { SubscriptionView } from "../../subscriptions/[id]/view";

/** The customer's latest payments, each opening its page; the Payments list filtered to them has the rest. */
export function CustomerPayments({ customerId, payments, t, locale, timeZone }: Formatting & { customerId: string; payments: Settled<{ rows: PaymentRow[]; total?: number }> }) {
  if (!payments.ok) return <DataTableError {...payments.error} />;
  const { rows, total } = payments.value;
  return (
    <RelatedTable
      title={t("customer.payments.title")}
      aside={total !== undefined && total > rows.length && (
        <Link href={listHref("/payments", paymentsList.filters, { customerId })} className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
          {t("customer.payments.viewAll")} ({total.toLocaleString(locale)})
        </Link>
      )}
      columns={[{ label: t("detail.created") }, { label: t("detail.amount"), align: "end" }, { label: t("detail.status") }, { label: t("detail.description") }]}
      empty={t("customer.payments.empty")}
      rows={rows.map((row) => ({
        key: row.id,
        cells: [
          <IdLink key="created" href={`/payments/${encodeURIComponent(row.id)}`} id={row.id}>
            <Time value={row.createdAt} locale={locale} timeZone={timeZone} />
          </IdLink>,
          <Money key="amount" amount={row.amount} currency={row.currency} locale={locale} className="font-medium text-slate-900" />,
          <StatusBadge key="status" status={row.status} tones={PAYMENT_STATUS_TONES} label={(status) => t(`paymentStatus.${status}`)} />,
          row.description,
        ],
      }))}
    />
  );
}

/** The customer's latest subscriptions, and how many they have in all. */
export function CustomerSubscriptions({ subscriptions, t, locale, timeZone }: Formatting & { subscriptions: Settled<{ items: SubscriptionView[]; total?: number }> }) {
  if (!subscriptions.ok) return <DataTableError {...subscriptions.error} />;
  const { items, total } = subscriptions.value;
  return (
    <RelatedTable
      title={t("customer.subscriptions.title")}
      // The Subscriptions list cannot filter by customer: the count says whether these are all of them.
      aside={total !== undefined && total > 0 && (
        <span className="text-sm text-slate-500">
          {total > items.length ? t("customer.subscriptions.latestOf", { count: items.length, total }) : t("customer.subscriptions.count", { count: total })}
        </span>
      )}
      columns={[{ label: t("detail.description") }, { label: t("detail.status") }, { label: t("customer.subscriptions.period") }, { label: t("detail.created") }]}
      empty={t("customer.subscriptions.empty")}
      rows={items.map((subscription) => ({
        key: subscription.id,
        cells: [
          <IdLink key="description" href={`/subscriptions/${encodeURIComponent(subscription.id)}`} id={subscription.id}>
            {subscription.description || t("subscription.untitled")}
          </IdLink>,
          <StatusBadge key="status" status={subscription.status} tones={SUBSCRIPTION_STATUS_TONES} label={(status) => t(`subscription.status.${status}`)} />,
          subscription.currentPeriodStart && <Period key="period" start={subscription.currentPeriodStart} end={subscription.currentPeriodEnd} locale={locale} timeZone={timeZone} />,
          <Time key="created" value={subscription.createdAt} locale={locale} timeZone={timeZone} />,
        ],
      }))}
    />
  );
}
