import "server-only";
import { sql } from "drizzle-orm";
import type { Mode } from "@/lib/env-schema";
import { RESOURCES, SYNC_RESOURCES, type SyncResource } from "@/lib/sync/resources";
import type { Db } from "../index";
import { syncRuns, syncState } from "../schema";

// What the Data sync card, the Overview's line and the lists' "local copy" line read: per resource of one mode, the
// pass's state from sync_state, the last run and the last successful passes from sync_runs, and the rows the local
// copy held when the last pass ended (counted then in the table, webhooks' rows included, not the pass's own tally:
// sync_state.local_rows). One small read per render (sync_state joined to its runs): counting the tables here cost ~100 ms per Overview at scale 10
// (230,000 intents, 50,000 transfers; measured).

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
  /** When the last backfill ran to its end (from then on the copy is complete). */
  lastCompleteAt: Date | null;
  lastError: string | null;
  lastRun: SyncRunSummary | null;
  /**
   * When the last incremental and re-read passes that ran to their end without failing finished (since the last
   * complete backfill; null when none has). They survive a later pass that failed or is still running, which `lastRun`
   * (the newest) and sync_state (the pass in progress or last run) describe instead.
   */
  lastSucceeded: { incremental: Date | null; refresh: Date | null };
};

type StatusRow = {
  resource: string;
  phase: SyncStatus["phase"] | null;
  state_kind: string | null;
  rows_done: number | null;
  remote_total: number | null;
  local_rows: number | null;
  last_complete_at: Date | string | null;
  last_error: string | null;
  kind: string | null;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  outcome: SyncRunSummary["outcome"] | null;
  rows: number | null;
  incremental_ok: Date | string | null;
  refresh_ok: Date | string | null;
};

const toDate = (value: Date | string | null) => (value === null ? null : new Date(value));

/** The resources re-read on a schedule: only they have refresh runs to look for. */
const REREAD = SYNC_RESOURCES.filter((resource) => RESOURCES[resource].changeable);
const textArray = (values: readonly string[]) => `{${values.join(",")}}`;

export async function listSyncStatus(db: Db, { mode }: { mode: Mode }): Promise<SyncStatus[]> {
  // The newest run, and the last successful pass of a kind, each a step down sync_runs' (mode, resource, started_at
  // desc nulls last) index — the order must say `nulls last` as the index does, and have no tie-breaker, or PostgreSQL
  // sorts every run of the resource instead: with a year of the worker's schedule (105,000 runs per resource and mode)
  // that was 1.4 s a read, now 0.2 ms — and no further back than the last complete backfill, which supersedes them.
  const lastOk = (kind: "incremental" | "refresh") => sql`(
    select ${syncRuns.finishedAt} from ${syncRuns}
    where ${syncRuns.mode} = ${mode} and ${syncRuns.resource} = r.resource and ${syncRuns.kind} = ${kind} and ${syncRuns.outcome} = 'succeeded'
      and ${syncRuns.startedAt} >= coalesce(${syncState.lastCompleteAt}, '-infinity')
    order by ${syncRuns.startedAt} desc nulls last limit 1)`;
  const rows = await db.execute<StatusRow>(sql`
      select r.resource, ${syncState.phase} as phase, ${syncState.kind} as state_kind, ${syncState.rowsDone} as rows_done,
        ${syncState.remoteTotal} as remote_total, ${syncState.localRows} as local_rows,
        ${syncState.lastCompleteAt} as last_complete_at, ${syncState.lastError} as last_error,
        last.kind, last.started_at, last.finished_at, last.outcome, last.rows,
        ${lastOk("incremental")} as incremental_ok,
        case when r.resource = any(${textArray(REREAD)}::text[]) then ${lastOk("refresh")} end as refresh_ok
      from unnest(${textArray(SYNC_RESOURCES)}::text[]) as r(resource)
      left join ${syncState} on ${syncState.mode} = ${mode} and ${syncState.resource} = r.resource
      left join lateral (
        select ${syncRuns.kind} as kind, ${syncRuns.startedAt} as started_at, ${syncRuns.finishedAt} as finished_at, ${syncRuns.outcome} as outcome, ${syncRuns.rows} as rows
        from ${syncRuns} where ${syncRuns.mode} = ${mode} and ${syncRuns.resource} = r.resource
        order by ${syncRuns.startedAt} desc nulls last limit 1
      ) last on true`);
  return SYNC_RESOURCES.map((resource) => {
    const run = rows.find((r) => r.resource === resource);
    return {
      resource,
      phase: run?.phase ?? "idle",
      kind: run?.state_kind ?? null,
      rowsDone: run?.rows_done ?? 0,
      remoteTotal: run?.remote_total ?? null,
      localRows: run?.local_rows ?? 0,
      lastCompleteAt: toDate(run?.last_complete_at ?? null),
      lastError: run?.last_error ?? null,
      lastRun: run?.outcome ? { kind: run.kind!, startedAt: toDate(run.started_at)!, finishedAt: toDate(run.finished_at), outcome: run.outcome, rows: run.rows ?? 0 } : null,
      lastSucceeded: { incremental: toDate(run?.incremental_ok ?? null), refresh: toDate(run?.refresh_ok ?? null) },
    };
  });
}

const latest = (...dates: (Date | null)[]) => dates.reduce<Date | null>((a, b) => (b && (!a || b > a) ? b : a), null);

/**
 * As of when the local copy of one resource is up to date: the end of its last successful complete pass — the older of
 * the last pass that read what was new (a backfill, an incremental pass, or a re-read of a resource re-read whole) and,
 * for a resource whose records can still change, the last that read those again (a backfill or a re-read). A pass that
 * failed or is still running later does not move it. Null before a first complete backfill.
 */
export function copyFreshAt(status: SyncStatus): Date | null {
  if (!status.lastCompleteAt) return null;
  const { changeable } = RESOURCES[status.resource];
  const { incremental, refresh } = status.lastSucceeded;
  const readNew = latest(status.lastCompleteAt, incremental, changeable === "all" ? refresh : null)!;
  if (!changeable) return readNew;
  const readAgain = latest(status.lastCompleteAt, refresh)!;
  return readNew < readAgain ? readNew : readAgain;
}

/** The same over several resources (a list read from two): the oldest of theirs; null until each has a complete copy. */
export function freshAt(statuses: SyncStatus[]): Date | null {
  const times = statuses.map(copyFreshAt);
  if (times.length === 0 || times.some((time) => time === null)) return null;
  return new Date(Math.min(...times.map((time) => time!.getTime())));
}
