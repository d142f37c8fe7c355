import { DataTableError } from "@/components/data-table/error-state";
import { DefinitionCard } from "@/components/detail/definition-card";
import { RelatedTable } from "@/components/detail/related-table";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { MISSING } from "@/components/ui/missing";
import { Money } from "@/components/ui/money";
import { Time } from "@/components/ui/time";
import { isAllowedImage } from "@/lib/catalog/image-origins.mjs";
import type { Formatting } from "@/lib/i18n/formatting";
import type { Price, Product } from "@/lib/payments/schemas";
import type { Settled } from "@/lib/payments/settle";
import { billingOf } from "./prices";

type Props = Formatting & { product: Product };

const yesNo = (value: boolean | null | undefined, t: Formatting["t"]) => (value === true ? t("detail.yes") : value === false ? t("product.no") : null);

export function ProductCard({ product, t, locale, timeZone }: Props) {
  return (
    <DefinitionCard
      title={t("detail.summary")}
      items={[
        { label: t("detail.description"), value: product.description },
        { label: t("product.active"), value: yesNo(product.isActive, t) },
        { label: t("product.shippable"), value: yesNo(product.shippable, t), hint: product.shippable ? t("product.shippableHint") : undefined },
        { label: t("detail.created"), value: <Time value={product.createdAt} locale={locale} timeZone={timeZone} /> },
        { label: t("detail.updated"), value: product.updatedAt && <Time value={product.updatedAt} locale={locale} timeZone={timeZone} />, optional: true },
      ]}
    />
  );
}

/**
 * The pictures as the service gives them (no upload here). One from a host the page's CSP does not name would be a
 * broken image: it is shown as its address instead, with the setting that allows it.
 */
export function ProductImages({ product, origins, t }: Props & { origins: readonly string[] }) {
  const images = product.images ?? [];
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-sm font-semibold text-slate-900">{t("product.images")}</h2>
      {images.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">{t("product.noImages")}</p>
      ) : (
        <ul className="mt-3 grid grid-cols-2 gap-3">
          {images.map((src, index) =>
            isAllowedImage(src, origins) ? (
              <li key={src} className="overflow-hidden rounded-md bg-slate-50 ring-1 ring-slate-200">
                {/* eslint-disable-next-line @next/next/no-img-element -- the service's own URL, shown as given: no optimiser fetches it. */}
                <img src={src} alt={t("product.imageAlt", { name: product.name, number: index + 1 })} className="aspect-square w-full object-contain" loading="lazy" />
              </li>
            ) : (
              <li key={src} className="col-span-2 rounded-md bg-amber-50 p-3 text-xs text-amber-900 ring-1 ring-amber-200">
                <p>{t("product.imageBlocked")}</p>
                <code className="mt-1 block font-mono break-all">{src}</code>
              </li>
            ),
          )}
        </ul>
      )}
    </Card>
  );
}

function BillingText({ price, t }: { price: Price; t: Formatting["t"] }) {
  const billing = billingOf(price);
  if (!billing) return MISSING;
  if (billing.kind === "one_time") return <>{t("product.oneTime")}</>;
  const known = ["day", "week", "month", "year"].includes(billing.interval);
  return <>{known ? t(`product.every.${billing.interval as "day" | "week" | "month" | "year"}`, { count: billing.count }) : `${billing.count} × ${billing.interval}`}</>;
}

export function ProductPrices({ prices, t, locale }: Formatting & { prices: Settled<{ items: Price[]; total?: number }> }) {
  if (!prices.ok) return <DataTableError {...prices.error} />;
  const { items, total } = prices.value;
  return (
    <RelatedTable
      title={t("product.prices")}
      aside={total !== undefined && total > items.length && <span className="text-sm text-slate-500">{t("product.pricesShown", { count: items.length, total })}</span>}
      columns={[{ label: t("detail.amount"), align: "end" }, { label: t("product.nickname") }, { label: t("product.billing") }, { label: t("detail.status") }]}
      empty={t("product.noPrices")}
      rows={items.map((price) => ({
        key: price.id,
        cells: [
          price.unitAmount === null || price.unitAmount === undefined ? MISSING : <Money key="amount" amount={price.unitAmount} currency={price.currency} locale={locale} className="font-medium text-slate-900" />,
          <div key="nickname" className="min-w-0">
            <div className="text-slate-900">{price.nickname || MISSING}</div>
            <code className="font-mono text-xs text-slate-500 select-all">{price.id}</code>
          </div>,
          <BillingText key="billing" price={price} t={t} />,
          price.isActive === false ? <Badge key="status" tone="neutral">{t("productsList.inactive")}</Badge> : price.isActive ? <Badge key="status" tone="success">{t("productsList.active")}</Badge> : null,
        ],
      }))}
    />
  );
}
