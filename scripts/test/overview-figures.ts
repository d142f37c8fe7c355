import type { Db } from "@/db";
import { getIntentTotals } from "@/db/queries/overview";
import type { Mode } from "@/lib/env-schema";
import { overviewPeriods } from "@/lib/local-days";

/**
 * The Overview's "succeeded today" count, every currency together, as its query reads it: what the tests of a refund
 * and of the sync compare before and after (a payment refunded in full leaves it; one made days ago never joins it).
 * `now` is the day asked about (the sandbox's clock, when the test follows it), in Costa Rica unless told.
 */
export async function succeededToday(db: Db, { mode = "test", now = new Date(), timeZone = "America/Costa_Rica" }: { mode?: Mode; now?: Date; timeZone?: string } = {}): Promise<number> {
  const periods = overviewPeriods(now, timeZone);
  const rows = await getIntentTotals(db, { mode, today: periods.today, week: periods.week });
  return rows.filter((row) => row.outcome === "succeeded").reduce((sum, row) => sum + row.todayCount, 0);
}
