"use client";
import { LoaderCircle } from "lucide-react";
import { useState, useTransition } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { fieldErrorsOf, weeklyFeeFormSchema, type FieldErrors, type WeeklyFeeField } from "@/lib/marketplace/seller-input";
import { WEEKLY_FEE_CURRENCIES } from "@/lib/payments/values";
import { Field } from "../_components/field";
import { useFieldErrorText } from "../_components/field-error";
import { setWeeklyFeeAction } from "../actions";

/**
 * The weekly fee (admins): on or off; the amount in major units of the chosen currency (its decimals), sent in minor
 * units; off sends nulls. Checked here with the server's schema: a refused amount sends nothing.
 */
export function WeeklyFeeForm({ accountId, initial }: { accountId: string; initial: { enabled: boolean; amount: string; currency: string } }) {
  const t = useTranslations("marketplace");
  const fieldErrorText = useFieldErrorText();
  const [enabled, setEnabled] = useState(initial.enabled);
  const [amount, setAmount] = useState(initial.amount);
  const [currency, setCurrency] = useState(initial.currency);
  const [errors, setErrors] = useState<FieldErrors<WeeklyFeeField>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, startTransition] = useTransition();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const fields = { accountId, enabled, amount, currency };
    const checked = weeklyFeeFormSchema.safeParse(fields);
    setMessage(null);
    if (!checked.success) return setErrors(fieldErrorsOf<WeeklyFeeField>(checked.error));
    setErrors({});
    startTransition(async () => {
      const result = await setWeeklyFeeAction(fields);
      if (result.ok) return setMessage({ ok: true, text: t("weeklyFee.saved") });
      if ("fieldErrors" in result && result.fieldErrors) setErrors(result.fieldErrors);
      setMessage({ ok: false, text: result.error === "service" ? (result.problem.detail ?? t("errors.failed")) : t("errors.failed") });
    });
  };

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-3 border-t border-slate-100 pt-4" aria-label={t("weeklyFee.title")}>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} className="size-4 rounded border-slate-300 text-indigo-600" />
        {t("weeklyFee.on")}
      </label>
      {enabled && (
        <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
          <Field
            id="weekly-fee-amount"
            label={t("weeklyFee.amount")}
            hint={t("weeklyFee.amountHint")}
            error={fieldErrorText(errors.amount)}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            inputMode="decimal"
            autoComplete="off"
          />
          <Field id="weekly-fee-currency" label={t("weeklyFee.currency")} error={fieldErrorText(errors.currency)}>
            <Select
              id="weekly-fee-currency"
              value={currency}
              onChange={(event) => setCurrency(event.target.value)}
              aria-invalid={errors.currency ? true : undefined}
              aria-describedby={errors.currency ? "weekly-fee-currency-error" : undefined}
            >
              <option value="">{t("weeklyFee.chooseCurrency")}</option>
              {WEEKLY_FEE_CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {pending && <LoaderCircle aria-hidden className="size-4 animate-spin" />}
          {pending ? t("weeklyFee.saving") : t("weeklyFee.save")}
        </Button>
        <p role="status" className={message?.ok ? "text-sm text-emerald-700" : "text-sm text-red-700"}>
          {message?.text ?? ""}
        </p>
      </div>
    </form>
  );
}
