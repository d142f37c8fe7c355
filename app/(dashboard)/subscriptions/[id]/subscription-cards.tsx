import type { Formatting } from "@/lib/i18n/formatting";
import { DefinitionCard } from "@/components/detail/definition-card";
import { IdLink } from "@/components/detail/id-link";
import { Period } from "@/components/detail/period";
import { RelatedTable } from "@/components/detail/related-table";
import { Money } from "@/components/ui/money";
import { Time } from "@/components/ui/time";
import type { SubscriptionView } from "./view";

type Props = Formatting & { subscription: SubscriptionView };

export function SubscriptionSummaryCard({ subscription, t, locale, timeZone }: Props) {
  return (
    <DefinitionCard
      title={t("detail.summary")}
      items={[
        {
          label: t("detail.customer"),
          value: subscription.customerId && <IdLink href={`/customers/${encodeURIComponent(subscription.customerId)}`} id={subscription.customerId} />,
        },
        {
          label: t("subscription.currentPeriod"),
          value: subscription.currentPeriodStart && <Period start={subscription.currentPeriodStart} end={subscription.currentPeriodEnd} locale={locale} timeZone={timeZone} />,
        },
        { label: t("subscription.perPeriod"), value: subscription.perPeriod && <Money amount={subscription.perPeriod.amount} currency={subscription.perPeriod.currency} locale={locale} className="font-medium" /> },
        { label: t("subscription.cancelAtPeriodEnd"), value: subscription.cancelAtPeriodEnd && t("detail.yes"), optional: true },
        { label: t("subscription.canceledAt"), value: subscription.canceledAt && <Time value={subscription.canceledAt} locale={locale} timeZone={timeZone} />, optional: true },
        { label: t("detail.description"), value: subscription.description },
        { label: t("detail.created"), value: <Time value={subscription.createdAt} locale={locale} timeZone={timeZone} /> },
        { label: t("detail.updated"), value: subscription.updatedAt && <Time value={subscription.updatedAt} locale={locale} timeZone={timeZone} /> },
      ]}
    />
  );
}

/** What each period charges for. */
export function ItemsTable({ subscription, t, locale }: Props) {
  return (
    <RelatedTable
      title={t("subscription.items.title")}
      columns={[
        { label: t("subscription.items.description") },
        { label: t("subscription.items.quantity"), align: "end" },
        { label: t("subscription.items.unitAmount"), align: "end" },
        { label: t("subscription.items.subtotal"), align: "end" },
      ]}
      empty={t("subscription.items.empty")}
      rows={subscription.items.map((item, index) => ({
        key: String(index),
        cells: [
          item.description,
          <span key="quantity" className="tabular-nums">{item.quantity.toLocaleString(locale)}</span>,
          <Money key="unit" amount={item.unitAmount} currency={item.currency} locale={locale} />,
          <Money key="subtotal" amount={item.unitAmount * item.quantity} currency={item.currency} locale={locale} className="font-medium text-slate-900" />,
        ],
      }))}
    />
  );
}
