import { FORMAT_LOCALE, type Locale } from "@/lib/i18n/config";
import { translatorFor } from "@/lib/i18n/translator";

/**
 * Headers, words in cells and the incomplete-file line in the operator's language (no dates are formatted through it),
 * with the region to format money inside words by ("faltan ₡500,00" in a Spanish file): the money columns themselves
 * stay major units with a "." decimal point, whatever the language.
 */
export const exportTranslator = (locale: Locale) => Object.assign(translatorFor(locale), { formatLocale: FORMAT_LOCALE[locale] });

export type ExportT = ReturnType<typeof exportTranslator>;
