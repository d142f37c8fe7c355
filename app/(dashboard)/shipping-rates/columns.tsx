"use client";
import { createdColumn } from "@/components/data-table/common-columns";
import { Badge } from "@/components/ui/badge";
import { MISSING } from "@/components/ui/missing";
import { Money } from "@/components/ui/money";
import { createListTable } from "@/app/(dashboard)/list-table";
import { shippingRatesList } from "./list";
import type { ShippingRateRow } from "./rows";

/** The shipping rates table: its columns, in the operator's language and zone. */
export const ShippingRatesTable = createListTable(shippingRatesList, ({ column, head, text, label, t, locale, timeZone }) => [
  column.accessor("name", {
    ...head("name"),
    cell: ({ row }) => (row.original.name ? <div title={row.original.name} className="max-w-64 truncate text-slate-900">{row.original.name}</div> : MISSING),
  }),
  // Name and description at 16rem each: with the cost, delivery, status and created date at their longest (Spanish's
  // "19 sept 2026, 10:05 p. m." among them) the row still fits a 1440 px screen (e2e/toolbar-fit.spec.ts).
  text("description", "max-w-64"),
  column.display({
    ...head("amount", "end"),
    cell: ({ row }) => {
      const { amount, currency } = row.original;
      if (amount === null || !currency) return MISSING;
      if (amount === 0) return <span className="font-medium text-emerald-700">{t("shippingRatesList.free")}</span>;
      return <Money amount={amount} currency={currency} locale={locale} className="amount-strong" />;
    },
  }),
  column.display({
    ...head("delivery"),
    cell: ({ row }) => {
      const { minDays, maxDays } = row.original;
      if (minDays === null && maxDays === null) return MISSING;
      if (minDays === 0 && maxDays !== null && maxDays > 0) return t("shippingRatesList.daysUpTo", { count: maxDays });
      if (minDays !== null && maxDays !== null && minDays !== maxDays) return t("shippingRatesList.daysRange", { min: minDays, max: maxDays });
      return t("shippingRatesList.days", { count: (maxDays ?? minDays)! });
    },
  }),
  column.accessor("active", {
    ...head("active"),
    cell: ({ row }) => {
      const { active } = row.original;
      if (active === null) return MISSING;
      return active ? <Badge tone="success">{t("shippingRatesList.active")}</Badge> : <Badge tone="neutral">{t("shippingRatesList.inactive")}</Badge>;
    },
  }),
  createdColumn<ShippingRateRow>({ label: label("created"), locale, timeZone }),
]);
