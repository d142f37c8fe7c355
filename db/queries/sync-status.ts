import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { Mode } from "@/lib/env-schema";
import { SYNC_RESOURCES, type SyncResource } from "@/lib/sync/resources";
import type { Db } from "../index";
import { syncRuns, syncState } from "../schema";

// What the Data sync card and the Overview's line read: per resource of one mode, the pass's state from sync_state,
// the last run from sync_runs, and the rows the local copy held when the last pass ended (counted then in the table,
// webhooks' rows included, not the pass's own tally: sync_state.local_rows). Two small reads per render: counting the
// tables here cost ~100 ms per Overview at scale 10 (230,000 intents, 50,000 transfers; measured).

export type SyncRunSummary = { kind: string; startedAt: Date; finishedAt: Date | null; outcome: "running" | "succeeded" | "failed"; rows: number };

export type SyncStatus = {
  resource: SyncResource;
  phase: "idle" | "running" | "failed";
  kind: string | null;
  rowsDone: number;
  /** The service's own count at the last backfill page (meta.total); null when a list gives only hasMore. */
  remoteTotal: number | null;
  /** The local table's rows of this mode when the last pass ended. */
  localRows: number;
  lastCompleteAt: Date | null;
  lastError: string | null;
  lastRun: SyncRunSummary | null;
};

export async function listSyncStatus(db: Db, { mode }: { mode: Mode }): Promise<SyncStatus[]> {
  const [states, runs] = await Promise.all([
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
      localRows: state?.localRows ?? 0,
      lastCompleteAt: state?.lastCompleteAt ?? null,
      lastError: state?.lastError ?? null,
      lastRun: run ? { kind: run.kind, startedAt: run.startedAt, finishedAt: run.finishedAt, outcome: run.outcome, rows: run.rows } : null,
    };
  });
}
