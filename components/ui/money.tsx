import { formatMoney } from "@/lib/format/money";
import { cn } from "./cn";

/**
 * An amount in integer minor units, formatted for its currency ("₡12 500,00", "$49.99") with tabular digits so a
 * column of amounts lines up. The ISO code is in the title: "$" alone does not say USD.
 */
export function Money({ amount, currency, locale, className }: { amount: number | bigint; currency: string; locale: string; className?: string }) {
  const code = currency.toUpperCase();
  return (
    <span title={code} className={cn("money", className)}>
      {formatMoney(amount, code, locale)}
    </span>
  );
}
