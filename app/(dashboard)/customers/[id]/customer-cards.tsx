import type { Formatting } from "@/lib/i18n/formatting";
import { DefinitionCard } from "@/components/detail/definition-card";
import { Money } from "@/components/ui/money";
import { Time } from "@/components/ui/time";
import type { Customer } from "@/lib/payments/schemas";
import { addressLines } from "./address";
import { formatPhone } from "@/lib/format/phone";

type Props = Formatting & { customer: Customer };

export function ProfileCard({ customer, t, locale, timeZone }: Props) {
  return (
    <DefinitionCard
      title={t("customer.profile")}
      items={[
        { label: t("customer.name"), value: customer.name },
        { label: t("customer.email"), value: customer.email && <a href={`mailto:${customer.email}`} className="text-indigo-600 hover:underline">{customer.email}</a> },
        { label: t("customer.phone"), value: customer.phone && <a href={`tel:${customer.phone}`} className="tabular-nums hover:underline">{formatPhone(customer.phone)}</a> },
        { label: t("detail.description"), value: customer.description },
        { label: t("detail.created"), value: <Time value={customer.createdAt} locale={locale} timeZone={timeZone} /> },
        { label: t("detail.updated"), value: <Time value={customer.updatedAt} locale={locale} timeZone={timeZone} /> },
      ]}
    />
  );
}

/** What the service counts for the customer: amountSpent is in USD cents whatever currency they paid in. */
export function ActivityCard({ customer, t, locale, timeZone }: Props) {
  return (
    <DefinitionCard
      title={t("customer.activity")}
      items={[
        { label: t("customer.amountSpent"), value: <Money amount={customer.amountSpent} currency="USD" locale={locale} className="font-medium" />, hint: t("customer.amountSpentHint") },
        { label: t("customer.transactions"), value: customer.transactionsCount.toLocaleString(locale) },
        {
          label: t("customer.lastTransaction"),
          value: customer.lastTransactionAt ? <Time value={customer.lastTransactionAt} locale={locale} timeZone={timeZone} /> : <span className="text-slate-500">{t("customer.never")}</span>,
        },
      ]}
    />
  );
}

export function AddressCard({ customer, t, locale }: Props) {
  const lines = addressLines(customer.address, locale);
  return (
    <DefinitionCard title={t("customer.address")} items={[]}>
      <Lines lines={lines} empty={t("customer.noAddress")} />
    </DefinitionCard>
  );
}

export function ShippingCard({ customer, t, locale }: Props) {
  const shipping = customer.shipping;
  const lines = addressLines(shipping?.address, locale);
  if (!shipping || (!shipping.name && !shipping.phone && lines.length === 0)) {
    return (
      <DefinitionCard title={t("customer.shipping")} items={[]}>
        <Lines lines={[]} empty={t("customer.noShipping")} />
      </DefinitionCard>
    );
  }
  return (
    <DefinitionCard
      title={t("customer.shipping")}
      items={[
        { label: t("customer.recipient"), value: shipping.name },
        { label: t("customer.phone"), value: shipping.phone && formatPhone(shipping.phone) },
        { label: t("customer.address"), value: lines.length > 0 && <Lines lines={lines} empty="" /> },
      ]}
    />
  );
}

function Lines({ lines, empty }: { lines: string[]; empty: string }) {
  if (lines.length === 0) return <p className="mt-3 text-sm text-slate-500">{empty}</p>;
  return (
    <address className="mt-3 text-sm leading-6 text-slate-900 not-italic">
      {lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
    </address>
  );
}
