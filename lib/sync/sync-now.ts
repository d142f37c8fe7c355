import "server-only";
import type { PgBoss } from "pg-boss";
import type { Database, Db } from "@/db";
import { insertAudit, syncJobsRequestedBy } from "@/db/queries/audit";
import type { Operator } from "@/db/schema";
import type { Mode } from "@/lib/env-schema";
import { enqueueSyncInTransaction, queueHasActiveJob, SYNC_QUEUE } from "./queue";
import { SYNC_RESOURCES, type SyncResource } from "./resources";

// "Sync now" (the Data sync card on Settings and the Overview's sync line): the jobs it queues, with their audit row,
// and how far they have got, which the button asks every few seconds (app/(dashboard)/actions.ts checks the role).

/**
 * Queues a pass of one resource, or of every resource of the mode, with the audit row in the same transaction as the
 * jobs. A resource whose job is already queued (the stately queue keeps one) has that job do what was asked, and its id
 * is the request's (enqueueSyncInTransaction). The ids of the jobs, as the audit row names them.
 */
export async function requestSyncNow(db: Database, boss: PgBoss, { operator, mode, resource }: { operator: Pick<Operator, "id" | "email">; mode: Mode; resource?: SyncResource }): Promise<string[]> {
  const resources = resource ? [resource] : [...SYNC_RESOURCES];
  return db.transaction(async (tx) => {
    // With the re-read of what can still change: afterwards the whole copy is current, not only its newest records.
    const ids = await enqueueSyncInTransaction(boss, tx, resources.map((r) => ({ mode, resource: r, reread: true })));
    const jobs = Object.fromEntries(resources.map((r, i) => [r, ids[i] ?? null]));
    await insertAudit(tx, { operatorId: operator.id, actor: operator.email, action: "sync.request", subjectType: "sync", subjectId: `${mode}.${resource ?? "all"}`, mode, before: null, after: { jobs } });
    return ids.filter((id): id is string => id !== null);
  });
}

/** `queued`: of the pending, those not started; `workerBusy`: some sync job is running now (any process). */
export type SyncJobsCounts = { done: number; failed: number; pending: number; queued: number; workerBusy: boolean };

/** The button follows its jobs for 3 minutes; a request older than a day is no longer "now". */
const OWN_REQUEST_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * How far the jobs of the operator's own "Sync now" have got: done, failed (retries spent, cancelled, or gone from the
 * queue), still queued or running. Only ids their own request queued count (its audit row names them): an id from
 * another operator's request, a scheduled pass or a forged call is no progress of theirs. Null when none is theirs.
 *
 * pg-boss 12 reads one job per call (findJobs' `id` and the deprecated getJobById take a single id; findJobs' `data`
 * filter would find a request's jobs in one call but scans every sync job it keeps, 7 days of them, on each poll), so
 * the few ids (one per resource at most) are read side by side, each by its primary key.
 *
 * One of their jobs pg-boss no longer has was deleted — pg-boss deletes only jobs finished days ago, or by hand — so
 * its outcome is unknown: it counts as failed, never as done (the card then shows the sync's real state).
 */
export async function syncNowProgress(db: Db, boss: PgBoss, { operatorId, jobs }: { operatorId: string; jobs: readonly string[] }): Promise<SyncJobsCounts | null> {
  const own = await syncJobsRequestedBy(db, { operatorId, jobs, since: new Date(Date.now() - OWN_REQUEST_WINDOW_MS) });
  if (own.length === 0) return null;
  const states = await Promise.all(own.map(async (id) => (await boss.findJobs(SYNC_QUEUE, { id }))[0]?.state));
  const done = states.filter((state) => state === "completed").length;
  const queued = states.filter((state) => state === "created" || state === "retry").length;
  const pending = queued + states.filter((state) => state === "active").length;
  return { done, failed: states.length - done - pending, pending, queued, workerBusy: queued > 0 && (await queueHasActiveJob(db, SYNC_QUEUE)) };
}
