import { Button } from "@/components/ui/button";
import { DateField } from "@/components/ui/date-field";
import { Select } from "@/components/ui/select";
import type { Translator } from "@/lib/i18n/server";
import { PERIOD_KINDS, type PeriodParams } from "@/lib/reconciliation/periods";

/** The currencies SINPE Móvil moves; the URL accepts any ISO code. */
const CURRENCIES = ["CRC", "USD"];

/** A plain GET form: the URL is the page's state, so a period is shareable and survives reload. */
export function PeriodPicker({ t, params }: { t: Translator; params: PeriodParams }) {
  const currencies = CURRENCIES.includes(params.currency) ? CURRENCIES : [...CURRENCIES, params.currency];
  const label = "block text-xs font-medium text-slate-600";
  return (
    <form method="get" action="/reconciliation/close" className="flex flex-wrap items-end gap-3" aria-label={t("reconciliationClose.picker.legend")}>
      <div>
        <label htmlFor="close-kind" className={label}>{t("reconciliationClose.picker.kind")}</label>
        <Select id="close-kind" name="kind" defaultValue={params.kind} className="mt-1 w-36">
          {PERIOD_KINDS.map((kind) => (
            <option key={kind} value={kind}>{t(`reconciliationClose.kinds.${kind}`)}</option>
          ))}
        </Select>
      </div>
      <div>
        <label htmlFor="close-date" className={label}>{t("reconciliationClose.picker.date")}</label>
        {/* The day in words beside the input, not under it: the form's fields line up by their bottom edge. The input's
            width is its flex basis (Input's w-full would be the row's whole width, squeezing the words). Keyed by the
            day: the period's arrows render the page again without a reload, and an input the operator has typed in
            keeps its own value over a new defaultValue. */}
        <DateField key={params.date} id="close-date" name="date" required defaultValue={params.date} wording="compactOnPhone" fieldClassName="mt-1 flex-row items-center" className="shrink-0 basis-44" />
      </div>
      <div>
        <label htmlFor="close-currency" className={label}>{t("reconciliationClose.picker.currency")}</label>
        <Select id="close-currency" name="currency" defaultValue={params.currency} className="mt-1 w-28">
          {currencies.map((c) => (
            <option key={c} value={c}>{c}</option>
          ))}
        </Select>
      </div>
      <Button type="submit" variant="secondary">{t("reconciliationClose.picker.show")}</Button>
    </form>
  );
}
