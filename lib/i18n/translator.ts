import { createTranslator, type IntlError } from "use-intl/core";
import { CATALOGS, FORMAT_LOCALE, type Locale } from "./config";

/**
 * A translator outside React (server components, exports, tests): the language's messages, with numbers inside them (a
 * plural's "#") formatted for the region as the app's own figures are (FORMAT_LOCALE): "22 981 pagos" in es-CR, where
 * the bare "es" would write "22.981" and leave "5729" ungrouped. The client's provider does the same
 * (components/i18n-provider.tsx). `onError` replaces use-intl's default (log, then show the key's path); tests pass one
 * that throws, so a missing key fails them.
 */
export function translatorFor(locale: Locale, timeZone?: string, onError?: (error: IntlError) => void) {
  return createTranslator({ locale: FORMAT_LOCALE[locale], messages: CATALOGS[locale], ...(timeZone ? { timeZone } : {}), ...(onError ? { onError } : {}) });
}
