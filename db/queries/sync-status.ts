import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Mode } from "@/lib/env-schema";
import { SYNC_RESOURCES, type SyncResource } from "@/lib/sync/resources";
import type { Db } from "../index";
import { connectedAccounts, customers, mobileTransfers, paymentIntents, renewals, subscriptions, syncRuns, syncState } from "../schema";

// What the Data sync card and the Overview's line read: per resource of one mode, the pass's state from sync_state,
// the last run from sync_runs, and the rows the local copy holds now (counted, not the pass's own tally, so the
// coverage shown is what the pages actually read).

// Through the Drizzle schema, so a renamed table or column fails tsc rather than this query.
const LOCAL_TABLE = {
  payments: paymentIntents,
  transfers: mobileTransfers,
  renewals,
  subscriptions,
  customers,
  accounts: connectedAccounts,
} satisfies Record<SyncResource, { mode: unknown }>;

export type SyncRunSummary = { kind: string; startedAt: Date; finishedAt: Date | null; outcome: "running" | "succeeded" | "failed"; rows: number };

export type SyncStatus = {
  resource: SyncResource;
  phase: "idle" | "running" | "failed";
  kind: string | null;
  rowsDone: number;
  /** The service's own count at the last backfill page (meta.total); null when a list gives only hasMore. */
  remoteTotal: number | null;
  localRows: number;
  lastCompleteAt: Date | null;
  lastError: string | null;
  lastRun: SyncRunSummary | null;
};

export async function listSyncStatus(db: Db, { mode }: { mode: Mode }): Promise<SyncStatus[]> {
  const counts = sql.join(
    SYNC_RESOURCES.map((resource) => sql`select ${resource} as resource, count(*)::int as n from ${LOCAL_TABLE[resource]} where ${LOCAL_TABLE[resource].mode} = ${mode}`),
    sql` union all `,
  );
  const [states, runs, local] = await Promise.all([
    db.select().from(syncState).where(eq(syncState.mode, mode)),
    db
      .selectDistinctOn([syncRuns.resource], {
        resource: syncRuns.resource,
        kind: syncRuns.kind,
        startedAt: syncRuns.startedAt,
        finishedAt: syncRuns.finishedAt,
        outcome: syncRuns.outcome,
        rows: syncRuns.rows,
      })
      .from(syncRuns)
      .where(and(eq(syncRuns.mode, mode)))
      .orderBy(syncRuns.resource, desc(syncRuns.startedAt), desc(syncRuns.id)),
    db.execute<{ resource: SyncResource; n: number }>(counts),
  ]);
  return SYNC_RESOURCES.map((resource) => {
    const state = states.find((s) => s.resource === resource);
    const run = runs.find((r) => r.resource === resource);
    return {
      resource,
      phase: state?.phase ?? "idle",
      kind: state?.kind ?? null,
      rowsDone: state?.rowsDone ?? 0,
      remoteTotal: state?.remoteTotal ?? null,
      localRows: Number(local.find((row) => row.resource === resource)?.n ?? 0),
      lastCompleteAt: state?.lastCompleteAt ?? null,
      lastError: state?.lastError ?? null,
      lastRun: run ? { kind: run.kind, startedAt: run.startedAt, finishedAt: run.finishedAt, outcome: run.outcome, rows: run.rows } : null,
    };
  });
}
