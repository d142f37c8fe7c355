import "server-only";
import { localDay, overviewPeriods } from "@/lib/local-days";
import type { Db } from "@/db";
import { getDailyFailures, getFailureTotals } from "@/db/queries/renewal-failures";
import type { Mode } from "@/lib/env-schema";
import { createdAtRange } from "@/lib/list-params";

/** The first instant of the calendar month `now` is in, in the operator's zone. */
export function monthStart(now: Date, timeZone: string): Date {
  const first = `${localDay(now, timeZone).slice(0, 8)}01`;
  return new Date(createdAtRange(first, first, timeZone)!.gte!);
}

/**
 * The figures above the failed-renewals list: totals at risk and recovered this month per currency, and the 30 days
 * of the chart (the Overview's days, so both charts end on the same today).
 */
export async function getFailureFigures(db: Db, { mode, now, timeZone }: { mode: Mode; now: Date; timeZone: string }) {
  const { days } = overviewPeriods(now, timeZone);
  const [totals, daily] = await Promise.all([getFailureTotals(db, { mode, monthStart: monthStart(now, timeZone) }), getDailyFailures(db, { mode, days })]);
  return { totals, daily };
}

