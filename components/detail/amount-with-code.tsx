import { Money } from "@/components/ui/money";

/** An amount as a detail page states it: formatted, then its currency's code (₡ and $ alone can be misread). */
export function AmountWithCode({ amount, currency, locale }: { amount: number; currency: string; locale: string }) {
  return (
    <span className="inline-flex items-baseline gap-1.5">
      <Money amount={amount} currency={currency} locale={locale} className="font-medium" />
      <span className="text-xs text-slate-500">{currency}</span>
    </span>
  );
}
