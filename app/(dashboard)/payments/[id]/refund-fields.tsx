"use client";
import { useId } from "react";
import { useTranslations } from "use-intl";
import { cn } from "@/components/ui/cn";
import { Input } from "@/components/ui/input";
import { Money } from "@/components/ui/money";
import { Select } from "@/components/ui/select";
import { minorUnitDigits } from "@/lib/format/money";
import { toMajorInput } from "@/lib/format/parse-money";
import { REFUND_DESCRIPTION_MAX, REFUND_REASONS } from "@/lib/payments/refund-reasons";
import type { RefundField, RefundFieldErrors, RefundRequest } from "@/lib/refunds/refund-input";

export type RefundValues = Pick<RefundRequest, RefundField>;

type Props = {
  values: RefundValues;
  errors: RefundFieldErrors;
  currency: string;
  remaining: number;
  locale: string;
  onChange: (values: RefundValues) => void;
};

const textareaClass =
  "block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:ring-indigo-600 aria-invalid:ring-red-500";

/** Amount (in major units, with its currency beside it), reason and description; each error under its own field. */
export function RefundFields({ values, errors, currency, remaining, locale, onChange }: Props) {
  const t = useTranslations();
  const id = useId();
  const set = (field: RefundField) => (event: { target: { value: string } }) => onChange({ ...values, [field]: event.target.value });
  const error = (field: RefundField) =>
    errors[field] && (
      <p id={`${id}-${field}-error`} className="mt-1 text-sm text-red-700">
        {t(`refund.fieldErrors.${errors[field]}`)}
      </p>
    );
  const described = (field: RefundField, hint?: string) => [errors[field] && `${id}-${field}-error`, hint].filter(Boolean).join(" ") || undefined;
  const left = REFUND_DESCRIPTION_MAX - values.description.trim().length;

  return (
    <div className="space-y-4">
      <div>
        <label htmlFor={`${id}-amount`} className="block text-sm font-medium text-slate-800">
          {t("refund.amount")}
        </label>
        <div className="relative mt-1">
          <Input
            id={`${id}-amount`}
            inputMode={minorUnitDigits(currency) > 0 ? "decimal" : "numeric"}
            autoComplete="off"
            value={values.amount}
            onChange={set("amount")}
            aria-invalid={!!errors.amount}
            aria-describedby={described("amount", `${id}-amount-hint`)}
            className="pr-14 tabular-nums"
          />
          <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm font-medium text-slate-500">{currency}</span>
        </div>
        <div className="mt-1 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-xs text-slate-500">
          <span id={`${id}-amount-hint`}>
            {t("refund.remaining")}: <Money amount={remaining} currency={currency} locale={locale} className="font-medium text-slate-700" />
          </span>
          <button type="button" className="font-medium text-indigo-600 hover:underline" onClick={() => onChange({ ...values, amount: toMajorInput(remaining, currency, locale) })}>
            {t("refund.useAll")}
          </button>
        </div>
        {error("amount")}
      </div>

      <div>
        <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-slate-800">
          {t("refund.reason")}
        </label>
        <Select id={`${id}-reason`} className="mt-1" value={values.reason} onChange={set("reason")} aria-invalid={!!errors.reason} aria-describedby={described("reason")}>
          <option value="">{t("refund.reasonPlaceholder")}</option>
          {REFUND_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {t(`refund.reasons.${reason}`)}
            </option>
          ))}
        </Select>
        {error("reason")}
      </div>

      <div>
        <label htmlFor={`${id}-description`} className="block text-sm font-medium text-slate-800">
          {t("refund.description")}
        </label>
        <textarea
          id={`${id}-description`}
          rows={2}
          value={values.description}
          onChange={set("description")}
          aria-invalid={!!errors.description}
          aria-describedby={described("description", `${id}-description-left`)}
          className={cn(textareaClass, "mt-1")}
        />
        {/* No maxLength: a pasted text is never cut without a word; the counter and the error say what is too long. */}
        <p id={`${id}-description-left`} className={cn("mt-1 text-xs", left < 0 ? "text-red-700" : "text-slate-500")}>
          {left >= 0 ? t("refund.descriptionLeft", { count: left }) : t("refund.fieldErrors.too_long")}
        </p>
        {error("description")}
      </div>
    </div>
  );
}
