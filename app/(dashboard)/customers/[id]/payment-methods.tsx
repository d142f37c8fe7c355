import { DataTableError } from "@/components/data-table/error-state";
import { brandName, CardBrandIcon } from "@/components/card/card-brand";
import { CardExpiry } from "@/components/card/card-expiry";
import { Card } from "@/components/ui/card";
import { cardExpiryState, monthIn, type CardExpiryState } from "@/lib/payments/card-expiry";
import type { Formatting } from "@/lib/i18n/formatting";
import type { PaymentMethod } from "@/lib/payments/schemas";
import type { Settled } from "@/lib/payments/settle";
import { addressLines } from "./address";
import { paymentMethodKind } from "../../payments/rows";
import { formatPhone } from "@/lib/format/phone";

// The customer's saved payment methods: each card's brand, last digits and expiry, called out when it has expired or
// runs out this month (in the operator's zone), and whom and where it bills.

export type PaymentMethods = Settled<{ items: PaymentMethod[]; total?: number }>;

export function CustomerPaymentMethods({ methods, now, t, locale, timeZone }: Formatting & { methods: PaymentMethods; now: Date }) {
  if (!methods.ok) return <DataTableError {...methods.error} />;
  const { items, total } = methods.value;
  const today = monthIn(now, timeZone);
  return (
    <Card className="overflow-hidden">
      <section aria-label={t("customer.paymentMethods.title")}>
        <div className="flex flex-wrap items-baseline justify-between gap-2 px-4 pt-4 sm:px-5">
          <h2 className="text-sm font-semibold text-slate-900">{t("customer.paymentMethods.title")}</h2>
          {total !== undefined && total > items.length && <span className="text-sm text-slate-500">{t("customer.paymentMethods.latestOf", { count: items.length, total })}</span>}
        </div>
        {items.length === 0 ? (
          <p className="px-4 py-6 text-sm text-slate-500 sm:px-5">{t("customer.paymentMethods.empty")}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100 border-t border-slate-200">
            {items.map((method) => (
              <MethodItem key={method.id} method={method} state={method.card ? cardExpiryState(method.card, today) : null} t={t} locale={locale} timeZone={timeZone} />
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}

/** A method that is not a card in the operator's words ("SINPE Móvil"), an unknown type as the service wrote it. */
function methodName(type: string | null | undefined, t: Formatting["t"]) {
  const kind = paymentMethodKind(type);
  return kind ? t(`payments.method.${kind}`) : type || t("customer.paymentMethods.unknownType");
}

function MethodItem({ method, state, t, locale }: Formatting & { method: PaymentMethod; state: CardExpiryState | null }) {
  const card = method.card;
  const last4 = typeof card?.last4 === "string" ? card.last4 : null;
  const billing = method.billing;
  const lines = addressLines(billing?.address, locale);
  return (
    <li className="grid gap-3 px-4 py-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] sm:px-5" data-payment-method={method.id}>
      <div className="flex items-start gap-3">
        <CardBrandIcon brand={card?.brand ?? null} />
        <div className="min-w-0 text-sm">
          <p className="font-medium text-slate-900">
            {card ? brandName(card.brand) : methodName(method.type, t)}
            {last4 && <span className="ml-2 font-mono text-slate-600">•••• {last4}</span>}
          </p>
          {card && state && (
            <p className="mt-0.5 text-slate-600">
              <CardExpiry card={card} state={state} words={{ expires: t("customer.paymentMethods.expires"), expired: t("customer.paymentMethods.expired"), expiring: t("customer.paymentMethods.expiring") }} />
            </p>
          )}
          <p className="mt-0.5 font-mono text-xs text-slate-500">{method.id}</p>
        </div>
      </div>
      <dl className="grid grid-cols-[minmax(5rem,1fr)_3fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500">{t("customer.paymentMethods.billingName")}</dt>
        <dd className="min-w-0 break-words text-slate-900">{billing?.name || <Missing t={t} />}</dd>
        <dt className="text-slate-500">{t("customer.phone")}</dt>
        <dd className="text-slate-900 tabular-nums">{billing?.phone ? formatPhone(billing.phone) : <Missing t={t} />}</dd>
        <dt className="text-slate-500">{t("customer.address")}</dt>
        <dd className="min-w-0 text-slate-900">
          {lines.length > 0 ? (
            <address className="leading-6 not-italic">
              {lines.map((line) => (
                <div key={line}>{line}</div>
              ))}
            </address>
          ) : (
            <Missing t={t} />
          )}
        </dd>
      </dl>
    </li>
  );
}

function Missing({ t }: { t: Formatting["t"] }) {
  return <span className="text-slate-500">{t("customer.paymentMethods.notGiven")}</span>;
}
