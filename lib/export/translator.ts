import { createTranslator } from "use-intl/core";
import { CATALOGS, type Locale } from "@/lib/i18n/config";

/** Headers and the incomplete-file line in the operator's language (no dates are formatted through it). */
export const exportTranslator = (locale: Locale) => createTranslator({ locale, messages: CATALOGS[locale] });

export type ExportT = ReturnType<typeof exportTranslator>;
