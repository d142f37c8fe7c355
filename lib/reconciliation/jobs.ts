import "server-only";
import type { Job, PgBoss } from "pg-boss";
import type { Database, Transaction } from "@/db";
import { runReconciliation } from "@/db/queries/reconciliation";
import type { Mode } from "@/lib/env-schema";
import { bossOnTransaction } from "@/lib/sync/queue";

// The rules run as jobs on the sync's pg-boss: a full pass per mode after each sync pass that wrote transfers,
// intents or customers (stately, keyed by mode: at most one queued and one running, whichever instance takes it), and
// a scoped pass for transfers just received (a webhook), batched so a burst of deliveries makes a few passes, not one each.

export const RECONCILE_QUEUE = "reconcile";
export const RECONCILE_TRANSFERS_QUEUE = "reconcile-transfers";
export type ReconcileJobData = { mode: Mode };
export type ReconcileTransfersJobData = { mode: Mode; refs: string[] };

/** Sync resources whose new rows can change a suggestion. */
export const RECONCILE_AFTER = ["payments", "transfers", "customers"] as const;

export async function ensureReconcileQueues(boss: PgBoss): Promise<void> {
  if (!(await boss.getQueue(RECONCILE_QUEUE))) await boss.createQueue(RECONCILE_QUEUE, { policy: "stately", retryLimit: 3, retryDelay: 10, expireInSeconds: 600 });
  if (!(await boss.getQueue(RECONCILE_TRANSFERS_QUEUE))) await boss.createQueue(RECONCILE_TRANSFERS_QUEUE, { policy: "standard", retryLimit: 3, retryDelay: 5 });
}

export function enqueueReconcile(boss: PgBoss, data: ReconcileJobData): Promise<string | null> {
  return boss.send(RECONCILE_QUEUE, data, { singletonKey: data.mode });
}

/** For the webhook receiver: queued in the transaction that stores the transfer, so it exists exactly when the transfer does. */
export function enqueueReconcileTransfersInTransaction(boss: PgBoss, tx: Transaction, data: ReconcileTransfersJobData): Promise<string | null> {
  return boss.send(RECONCILE_TRANSFERS_QUEUE, data, { db: bossOnTransaction(tx) });
}

export async function startReconcileWork(boss: PgBoss, db: Database, log: (line: string) => void): Promise<void> {
  await ensureReconcileQueues(boss);
  await boss.work<ReconcileJobData>(RECONCILE_QUEUE, { batchSize: 1 }, async ([job]: Job<ReconcileJobData>[]) => {
    const stats = await runReconciliation(db, job!.data.mode);
    if (stats.linked || stats.inserted || stats.deleted) log(`reconcile ${job!.data.mode}: ${JSON.stringify(stats)}`);
    return stats;
  });
  await boss.work<ReconcileTransfersJobData>(RECONCILE_TRANSFERS_QUEUE, { batchSize: 50 }, async (jobs: Job<ReconcileTransfersJobData>[]) => {
    const byMode = new Map<Mode, Set<string>>();
    for (const job of jobs) for (const ref of job.data.refs) byMode.set(job.data.mode, (byMode.get(job.data.mode) ?? new Set()).add(ref));
    for (const [mode, refs] of byMode) await runReconciliation(db, mode, { refs: [...refs] });
  });
}
