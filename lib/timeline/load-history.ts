import "server-only";
import { getDb } from "@/db";
import { getHistory, type HistoryEntry, type TimelineSubject } from "@/db/queries/timeline";
import { requireOperator } from "@/lib/auth/require-operator";
import { env } from "@/lib/env";
import { FORMAT_LOCALE } from "@/lib/i18n/config";
import { getLocale, getT, type Translator } from "@/lib/i18n/server";
import { getMode } from "@/lib/mode";

export type LoadedHistory = { entries: HistoryEntry[]; t: Translator; locale: string; timeZone: string };

/**
 * An object's history for a detail page, in the current mode, for any signed-in operator: its events and the
 * operators' actions on it, with what rendering them needs (the operator's language, number format and time zone).
 */
export async function loadHistory({ type, id }: Omit<TimelineSubject, "mode">): Promise<LoadedHistory> {
  await requireOperator("viewer");
  const mode = await getMode();
  const [entries, t, locale] = await Promise.all([getHistory(getDb(), { mode, type, id }), getT(), getLocale()]);
  return { entries, t, locale: FORMAT_LOCALE[locale], timeZone: env().DEFAULT_TIME_ZONE };
}
