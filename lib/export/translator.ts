import type { Locale } from "@/lib/i18n/config";
import { translatorFor } from "@/lib/i18n/translator";

/** Headers and the incomplete-file line in the operator's language (no dates are formatted through it). */
export const exportTranslator = (locale: Locale) => translatorFor(locale);

export type ExportT = ReturnType<typeof exportTranslator>;
