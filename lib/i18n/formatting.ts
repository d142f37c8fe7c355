import "server-only";
import { env } from "@/lib/env";
import { FORMAT_LOCALE } from "./config";
import { getLocale, getT, type Translator } from "./server";

/** What every detail view formats with: the operator's language, the number/date locale and the time zone. */
export type Formatting = { t: Translator; locale: string; timeZone: string };

export async function getFormatting(): Promise<Formatting> {
  const [t, locale] = await Promise.all([getT(), getLocale()]);
  return { t, locale: FORMAT_LOCALE[locale], timeZone: env().DEFAULT_TIME_ZONE };
}
