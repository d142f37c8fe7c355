import { DataTableError } from "@/components/data-table/error-state";
import type { Formatting } from "@/lib/i18n/formatting";
import { CursorLinks } from "@/components/detail/cursor-links";
import { IdLink } from "@/components/detail/id-link";
import { Period } from "@/components/detail/period";
import { RelatedTable } from "@/components/detail/related-table";
import type { Settled } from "@/lib/payments/settle";
import { StatusBadge } from "@/components/detail/status-badge";
import { Money } from "@/components/ui/money";
import { Time } from "@/components/ui/time";
import type { Page } from "@/lib/payments/page";
import type { Renewal } from "@/lib/payments/schemas";
import { renewalsHref } from "./search-params";
import { RENEWAL_STATUS_TONES } from "./status";

/**
 * One page of the subscription's renewals, newest first, with links to newer and older pages by the renewal list
 * meta's cursors. Each renewal links to the intent that charged it.
 */
export function RenewalsTable({ subscriptionId, renewals, t, locale, timeZone }: Formatting & { subscriptionId: string; renewals: Settled<Page<Renewal>> }) {
  if (!renewals.ok) return <DataTableError {...renewals.error} />;
  const { items, next, prev, total } = renewals.value;
  const paged = !!(next || prev);
  return (
    <RelatedTable
      title={t("subscription.renewals.title")}
      aside={total !== undefined && <span className="text-sm text-slate-500">{t("subscription.renewals.count", { count: total })}</span>}
      columns={[
        { label: t("subscription.renewals.period") },
        { label: t("detail.status") },
        { label: t("subscription.renewals.total"), align: "end" },
        { label: t("subscription.renewals.attempts"), align: "end" },
        { label: t("subscription.renewals.nextAttempt") },
        { label: t("subscription.renewals.payment") },
      ]}
      empty={t("subscription.renewals.empty")}
      rows={items.map((renewal) => ({
        key: renewal.id,
        cells: [
          <Period key="period" start={renewal.periodStart} end={renewal.periodEnd} locale={locale} timeZone={timeZone} />,
          <StatusBadge key="status" status={renewal.status} tones={RENEWAL_STATUS_TONES} label={(status) => t(`subscription.renewalStatus.${status}`)} />,
          <Money key="total" amount={renewal.total} currency={renewal.currency} locale={locale} className="font-medium text-slate-900" />,
          renewal.attemptCount?.toLocaleString(locale),
          renewal.nextPaymentAttempt && <Time key="next" value={renewal.nextPaymentAttempt} locale={locale} timeZone={timeZone} />,
          renewal.paymentIntentId && (
            <IdLink key="payment" href={`/payments/${encodeURIComponent(renewal.paymentIntentId)}`} id={renewal.paymentIntentId}>
              {t("subscription.renewals.viewPayment")}
            </IdLink>
          ),
        ],
      }))}
      footer={
        paged && (
          <CursorLinks
            label={t("subscription.renewals.pagination")}
            prev={{ href: prev ? renewalsHref(subscriptionId, { renewalsBefore: prev }) : null, label: t("subscription.renewals.newer") }}
            next={{ href: next ? renewalsHref(subscriptionId, { renewalsAfter: next }) : null, label: t("subscription.renewals.older") }}
          />
        )
      }
    />
  );
}
