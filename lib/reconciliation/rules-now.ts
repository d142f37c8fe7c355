import "server-only";
import { sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import type { Database, Db } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import type { ReconcileStats } from "@/db/queries/reconciliation";
import type { Operator } from "@/db/schema";
import type { Mode } from "@/lib/env-schema";
import { bossOnTransaction, queueHasActiveJob } from "@/lib/sync/queue";
import { RECONCILE_QUEUE } from "./jobs";

// "Look for matches now" (/reconciliation): a full pass of the rules over the mode, queued as the job the sync queues
// after a backfill (lib/reconciliation/jobs.ts: the stately queue, one queued and one running per mode), with its audit
// row in the same transaction; and how far that job has got, which the button asks every few seconds — the shape of
// "Sync now" (lib/sync/sync-now.ts). The pass ran inside the request before: 1.9 s at 100,000 transfers, 15.7 s at
// 1,000,000, the operator's browser waiting and a proxy free to cut it.

/** The audit row's action: one per request, its after naming the job. */
export const RULES_RUN_ACTION = "reconciliation.rules_run";

/**
 * Queues a full pass for the mode, with the audit row. Where a full pass is already queued (the stately queue keeps
 * one per mode: a backfill's, or another operator's request), that job is the request's: it has not started, so it
 * reads everything there is when it does. Its id, as the audit row names it.
 */
export async function requestRulesRun(db: Database, boss: PgBoss, { operator, mode }: { operator: Pick<Operator, "id" | "email">; mode: Mode }): Promise<string> {
  return db.transaction(async (tx) => {
    const bossDb = bossOnTransaction(tx);
    let job = await boss.send(RECONCILE_QUEUE, { mode }, { singletonKey: mode, db: bossDb });
    for (let attempt = 0; job === null && attempt < 2; attempt++) {
      const [queued] = await tx.execute<{ id: string }>(sql`select id::text from pgboss.job
        where name = ${RECONCILE_QUEUE} and singleton_key = ${mode} and state in ('created', 'retry') limit 1`);
      // None queued any more: it started meanwhile (and would not see what came after this request); queue one again.
      job = queued?.id ?? (await boss.send(RECONCILE_QUEUE, { mode }, { singletonKey: mode, db: bossDb }));
    }
    if (job === null) throw new Error(`no full reconcile pass could be queued for ${mode}`);
    await insertAudit(tx, { operatorId: operator.id, actor: operator.email, action: RULES_RUN_ACTION, subjectType: "reconciliation", subjectId: mode, mode, before: null, after: { job } });
    return job;
  });
}

/** `workerBusy` (queued): another full or scoped pass is running, so this one waits its turn; false, no worker may be taking them. */
export type RulesRunProgress = { state: "queued"; workerBusy: boolean } | { state: "running" } | { state: "done"; stats: ReconcileStats } | { state: "failed" };

/** The button follows its pass for a few minutes; a request older than a day is no longer "now". */
const OWN_REQUEST_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * How far the pass of the operator's own request has got: queued, running, done with its figures, or failed (retries
 * spent, cancelled, or gone from the queue: its outcome unknown, never shown as done). Null for a job no request of
 * theirs named (another operator's, a backfill's, a forged id).
 */
export async function rulesRunProgress(db: Db, boss: PgBoss, { operatorId, job }: { operatorId: string; job: string }): Promise<RulesRunProgress | null> {
  const [own] = await db.execute<{ one: number }>(sql`select 1 as one from audit_log
    where operator_id = ${operatorId}::uuid and action = ${RULES_RUN_ACTION} and after ->> 'job' = ${job}
      and at >= ${new Date(Date.now() - OWN_REQUEST_WINDOW_MS).toISOString()}::timestamptz limit 1`);
  if (!own) return null;
  const [found] = await boss.findJobs<{ mode: Mode }>(RECONCILE_QUEUE, { id: job });
  switch (found?.state) {
    case "created":
    case "retry":
      return { state: "queued", workerBusy: await queueHasActiveJob(db, RECONCILE_QUEUE) };
    case "active":
      return { state: "running" };
    case "completed":
      return { state: "done", stats: found.output as ReconcileStats };
    default:
      return { state: "failed" };
  }
}
