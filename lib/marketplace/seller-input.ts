import { z } from "zod";
import { parseMajorAmount } from "@/lib/format/parse-money";
import { WEEKLY_FEE_AMOUNT, WEEKLY_FEE_CURRENCIES } from "@/lib/payments/values";

// The marketplace forms' fields, one zod schema each, read by the form in the browser before anything is sent and by
// the server action again (a forged call skips the form). Each issue's message is the field's error code; the forms
// word it from the catalog (marketplace.errors.*).

export const BUSINESS_NAME_MAX = 50;

export type SellerField = "businessName" | "appFee";
export type WeeklyFeeField = "amount" | "currency";
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

// Percent with at most two decimals, point or comma: "5" is 5 %, "3,75" is 3.75 %.
const PERCENT = /^\d{1,3}(?:[.,]\d{1,2})?$/;

export const createSellerSchema = z
  .object({
    businessName: z.string().trim().min(1, "required").max(BUSINESS_NAME_MAX, "tooLong"),
    appFee: z
      .string()
      .trim()
      .refine((text) => text === "" || /^[-−]/.test(text) === false, "negative")
      .refine((text) => text === "" || PERCENT.test(text), "feeFormat")
      .transform((text) => (text === "" ? 0 : Number(text.replace(",", "."))))
      .refine((fee) => fee >= 0 && fee <= 100, "feeRange"),
  })
  .transform(({ businessName, appFee }) => ({ businessName, marketplaceAppFee: appFee }));

export type CreateSellerFields = z.input<typeof createSellerSchema>;

export const weeklyFeeFormSchema = z
  .object({
    accountId: z.string().min(1).max(255),
    enabled: z.boolean(),
    amount: z.string(),
    currency: z.string(),
  })
  .transform((fields, context) => {
    if (!fields.enabled) return { marketplaceWeeklyFeeEnabled: false, marketplaceWeeklyFeeAmount: null, marketplaceWeeklyFeeCurrency: null } as const;
    const currency = WEEKLY_FEE_CURRENCIES.find((code) => code === fields.currency);
    if (!currency) context.addIssue({ code: "custom", path: ["currency"], message: "currency" });
    const parsed = parseMajorAmount(fields.amount, currency ?? "USD");
    let amount: number | null = null;
    if (!parsed.ok) context.addIssue({ code: "custom", path: ["amount"], message: `amount_${parsed.error}` });
    else if (parsed.minor < WEEKLY_FEE_AMOUNT.min || parsed.minor > WEEKLY_FEE_AMOUNT.max) context.addIssue({ code: "custom", path: ["amount"], message: "amount_range" });
    else amount = parsed.minor;
    if (!currency || amount === null) return z.NEVER;
    return { marketplaceWeeklyFeeEnabled: true, marketplaceWeeklyFeeAmount: amount, marketplaceWeeklyFeeCurrency: currency } as const;
  });

export type WeeklyFeeFields = z.input<typeof weeklyFeeFormSchema>;

/** A new onboarding link: which account, and the business name the dialog shows beside it (as the page showed it). */
export const issueLinkSchema = z.object({
  accountId: z.string().min(1).max(255),
  businessName: z.string().trim().max(BUSINESS_NAME_MAX).catch(""),
});

/** The schema's issues as one error code per field (the first), for the form to word. */
export function fieldErrorsOf<F extends string>(error: z.ZodError): FieldErrors<F> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors as FieldErrors<F>;
}
