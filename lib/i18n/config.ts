import en from "./messages/en";
import es, { type Messages } from "./messages/es";

export const LOCALES = ["es", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "es";
export const LOCALE_COOKIE = "bo_locale";

/** The BCP 47 tag for number and date formatting: Costa Rican Spanish, US English. use-intl is given it too. */
export const FORMAT_LOCALE = { es: "es-CR", en: "en-US" } as const satisfies Record<Locale, string>;
export type FormatLocale = (typeof FORMAT_LOCALE)[Locale];

/** The language of a format locale (what use-intl's `useLocale()` answers): "es-CR" → "es". */
export function languageOf(locale: FormatLocale): Locale {
  return LOCALES.find((language) => FORMAT_LOCALE[language] === locale) ?? DEFAULT_LOCALE;
}

export const CATALOGS: Record<Locale, Messages> = { es, en };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

declare module "use-intl" {
  interface AppConfig {
    // The messages are chosen by Locale; use-intl formats with the region's tag (components/i18n-provider.tsx).
    Locale: FormatLocale;
    Messages: Messages;
  }
}
