import en from "./messages/en";
import es, { type Messages } from "./messages/es";

export const LOCALES = ["es", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "es";
export const LOCALE_COOKIE = "bo_locale";

/** The BCP 47 tag for number and date formatting: Costa Rican Spanish, US English. */
export const FORMAT_LOCALE: Record<Locale, string> = { es: "es-CR", en: "en-US" };

export const CATALOGS: Record<Locale, Messages> = { es, en };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

declare module "use-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}
