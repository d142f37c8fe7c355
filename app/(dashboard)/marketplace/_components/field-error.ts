"use client";
import { useTranslations } from "use-intl";

/** A field's error code in the operator's language; the service's own refusal is shown as it said it. */
export function useFieldErrorText(): (code: string | undefined) => string | undefined {
  const t = useTranslations("marketplace.errors");
  return (code) => {
    if (!code) return undefined;
    if (code.startsWith("service:")) return t("service", { message: code.slice("service:".length) });
    return t.has(code as "failed") ? t(code as "failed") : t("failed");
  };
}
