import { localDay } from "../lib/local-days";

const ZONE = "America/Costa_Rica";

/**
 * A spec that makes data "today" and reads it by day or week later must not straddle midnight in Costa Rica (UTC-6 all
 * year, the app's DEFAULT_TIME_ZONE): within `marginMs` of it, this waits for the new day (2 s past it), first giving
 * `extendTimeout` the wait so the hook's time limit can grow by as much. Otherwise it returns at once.
 */
export async function keepClearOfMidnight(marginMs: number, extendTimeout: (waitMs: number) => void): Promise<void> {
  const midnight = new Date(`${localDay(new Date(Date.now() + marginMs), ZONE)}T00:00:00-06:00`).getTime();
  if (midnight <= Date.now()) return;
  const wait = midnight - Date.now() + 2_000;
  extendTimeout(wait);
  await new Promise((resolve) => setTimeout(resolve, wait));
}
