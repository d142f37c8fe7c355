import "server-only";
import { cookies } from "next/headers";
import { cache } from "react";
import { env } from "@/lib/env";
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type Locale } from "./config";
import { translatorFor } from "./translator";

export const getLocale = cache(async (): Promise<Locale> => {
  const value = (await cookies()).get(LOCALE_COOKIE)?.value;
  return isLocale(value) ? value : DEFAULT_LOCALE;
});

const makeTranslator = (locale: Locale) => translatorFor(locale, env().DEFAULT_TIME_ZONE);

/** What `getT()` resolves to: the one Translator type server components and helpers take. */
export type Translator = ReturnType<typeof makeTranslator>;

// One per language for the process's life: a translator keeps the messages it has parsed (ICU plurals, arguments) and
// its Intl formatters, which a translator made per request parsed and built again on every page.
const translators = new Map<Locale, Translator>();

/** Translator for server components: `const t = await getT(); t("nav.payments")`. */
export async function getT(): Promise<Translator> {
  const locale = await getLocale();
  let t = translators.get(locale);
  if (!t) translators.set(locale, (t = makeTranslator(locale)));
  return t;
}
