import "server-only";
import { getDb } from "@/db";
import { getOverview } from "@/db/queries/overview";
import { listSyncStatus } from "@/db/queries/sync-status";
import { hasRole } from "@/lib/auth/roles";
import { readAsOperator } from "@/lib/auth/require-operator";
import { env } from "@/lib/env";
import { availableModes, getMode } from "@/lib/mode";
import { toEventRow } from "../events/rows";
import { overviewPeriods } from "@/lib/local-days";
import { outcomeFigures, volumeSeries } from "./view";

/**
 * The Overview of the current mode, as of now by the app's clock in the operator's zone. The database answers in one
 * round of parallel queries; nothing here calls the Payment Service.
 */
export async function loadOverview() {
  const mode = await getMode();
  const timeZone = env().DEFAULT_TIME_ZONE;
  const periods = overviewPeriods(new Date(), timeZone);
  const synced = availableModes().includes(mode);
  const { operator, value: [data, sync] } = await readAsOperator("viewer", () =>
    Promise.all([getOverview(getDb(), { mode, periods }), synced ? listSyncStatus(getDb(), { mode }) : Promise.resolve(null)]),
  );
  return {
    /** Null when the mode has no key (nothing is synced there). */
    sync,
    canSync: hasRole(operator.role, "operator"),
    canOpenSettings: hasRole(operator.role, "admin"),
    mode,
    timeZone,
    periods,
    outcomes: outcomeFigures(data.intents),
    volume: volumeSeries(data.daily, periods.days.map((d) => d.day)),
    transfers: data.transfers,
    renewals: data.renewals,
    events: data.events.map(toEventRow),
  };
}

export type Overview = Awaited<ReturnType<typeof loadOverview>>;
