import "server-only";
import { cookies } from "next/headers";
import { cache } from "react";
import { createTranslator } from "use-intl/core";
import { env } from "@/lib/env";
import { CATALOGS, DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type Locale } from "./config";

export const getLocale = cache(async (): Promise<Locale> => {
  const value = (await cookies()).get(LOCALE_COOKIE)?.value;
  return isLocale(value) ? value : DEFAULT_LOCALE;
});

/** Translator for server components: `const t = await getT(); t("nav.payments")`. */
export async function getT() {
  const locale = await getLocale();
  return createTranslator({ locale, messages: CATALOGS[locale], timeZone: env().DEFAULT_TIME_ZONE });
}

/** What `getT()` resolves to: the one Translator type server components and helpers take. */
export type Translator = Awaited<ReturnType<typeof getT>>;
