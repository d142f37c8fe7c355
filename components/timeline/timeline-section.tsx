import { getDb } from "@/db";
import { getHistory, type TimelineSubject } from "@/db/queries/timeline";
import { requireOperator } from "@/lib/auth/require-operator";
import { env } from "@/lib/env";
import { FORMAT_LOCALE } from "@/lib/i18n/config";
import { getLocale, getT } from "@/lib/i18n/server";
import { getMode } from "@/lib/mode";
import { Timeline } from "./timeline";

/** The loader and the view together, for a detail page: <TimelineSection type="payment_intent" id={id} />. */
export async function TimelineSection({ type, id }: { type: TimelineSubject["type"]; id: string }) {
  await requireOperator("viewer");
  const mode = await getMode();
  const [entries, t, locale] = await Promise.all([getHistory(getDb(), { mode, type, id }), getT(), getLocale()]);
  return <Timeline entries={entries} t={t} locale={FORMAT_LOCALE[locale]} timeZone={env().DEFAULT_TIME_ZONE} />;
}
