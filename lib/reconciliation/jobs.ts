import "server-only";
import type { Job, PgBoss } from "pg-boss";
import type { Database, Transaction } from "@/db";
import { recountQueueCounts, runReconciliation, type ReconcileScope } from "@/db/queries/reconciliation";
import { listIncompleteRuleInputs, RECONCILE_QUEUE } from "@/db/queries/reconciliation-readiness";
import type { Mode } from "@/lib/env-schema";
import type { SyncResource } from "@/lib/sync/resources";
import { bossOnTransaction } from "@/lib/sync/queue";
import type { SyncResult } from "@/lib/sync/run";

// The rules run as jobs on the sync's pg-boss. Each writer queues a pass SCOPED to what it wrote: the sync after a pass
// (the keys of the transfers, intents or customers it stored), the webhook receiver for the transfers and intents an
// event stored. Scoped
// jobs are batched, so a burst of deliveries makes a few passes, not one each. A full pass per mode (stately, keyed by
// mode: at most one queued and one running, whichever instance takes it) is for a sync pass that wrote more rows than a
// scope is worth (a backfill), and on request.
//
// Until the mode has a complete copy of every resource the rules read (transfers, payments, customers), the sync queues
// no pass at all: on a first start the transfers' backfill ended a minute before the payments' and customers', and its
// pass put ~270 transfers that do have candidates in Unmatched while the page said the copy was current. The backfill
// that completes the last of those copies queues one full pass instead, over everything (the page says meanwhile that
// the suggestions are not complete: app/(dashboard)/reconciliation/rules-readiness.tsx). It is queued in the transaction
// that records that backfill's end (after its last write committed), and the stately queue keeps it even while another
// full pass runs (one queued and one active per mode), so it always reads the complete copy. `npm run sync` runs the
// same pass itself, in that transaction (reconcileOwedAfterSync).

export { RECONCILE_QUEUE };
export const RECONCILE_TRANSFERS_QUEUE = "reconcile-transfers";
export type ReconcileJobData = { mode: Mode };
/** A scoped pass: the transfers (references), intents and customers a writer just stored. */
export type ReconcileTransfersJobData = { mode: Mode } & ReconcileScope;

/** Sync resources whose new rows can change a suggestion, and the scope their keys go to. */
export const RECONCILE_AFTER: Partial<Record<SyncResource, keyof ReconcileScope>> = { payments: "intentIds", transfers: "refs", customers: "customerIds" };

export async function ensureReconcileQueues(boss: PgBoss): Promise<void> {
  if (!(await boss.getQueue(RECONCILE_QUEUE))) await boss.createQueue(RECONCILE_QUEUE, { policy: "stately", retryLimit: 3, retryDelay: 10, expireInSeconds: 600 });
  // A queued scoped pass wakes the worker (NOTIFY, with the worker's useListenNotify: lib/sync/queue.ts) instead of
  // waiting for its next poll: the pass takes tens of milliseconds, the poll came every 2 s (a transfer waited 1 s on average).
  const transfers = await boss.getQueue(RECONCILE_TRANSFERS_QUEUE);
  if (!transfers) await boss.createQueue(RECONCILE_TRANSFERS_QUEUE, { policy: "standard", retryLimit: 3, retryDelay: 5, notify: true });
  else if (!transfers.notify) await boss.updateQueue(RECONCILE_TRANSFERS_QUEUE, { notify: true });
}

export function enqueueReconcile(boss: PgBoss, data: ReconcileJobData, options: { tx?: Transaction } = {}): Promise<string | null> {
  return boss.send(RECONCILE_QUEUE, data, { singletonKey: data.mode, ...(options.tx ? { db: bossOnTransaction(options.tx) } : {}) });
}

export function enqueueScopedReconcile(boss: PgBoss, data: ReconcileTransfersJobData, options: { tx?: Transaction } = {}): Promise<string | null> {
  return boss.send(RECONCILE_TRANSFERS_QUEUE, data, options.tx ? { db: bossOnTransaction(options.tx) } : {});
}

export type SyncPassDone = Pick<SyncResult, "mode" | "resource" | "written" | "completedCopy" | "error" | "keyProblem">;

/** A reconcile pass a sync pass asks for: over its rows (`scope`), or a full pass (`scope` null). */
export type ReconcileOwed = { mode: Mode; scope: ReconcileScope | null };

/**
 * What a sync pass asks of the rules, read in the transaction that records its end (runSync's onFinish): a pass scoped
 * to the rows it wrote (`written`, or null when there were more than lib/sync/run.ts's WRITTEN_KEYS_KEPT: then a full
 * pass). Nothing for a resource the rules do not read, or a pass that wrote nothing; nothing while a copy the rules
 * read is incomplete; a full pass from the pass that completed the last of them. Nothing for a pass that failed and
 * will be retried (the retry reads its rows again); a pass stopped by a refused key is not retried: its rows get theirs.
 */
export async function reconcileOwedAfterSync(tx: Transaction, pass: SyncPassDone): Promise<ReconcileOwed | null> {
  const scope = RECONCILE_AFTER[pass.resource];
  if (!scope || (pass.error && !pass.keyProblem)) return null;
  // runSync's end takes the mode's turn first: of two backfills ending together, the later one sees both done.
  if ((await listIncompleteRuleInputs(tx, pass.mode)).length > 0) return null;
  if (pass.completedCopy || pass.written === null) return { mode: pass.mode, scope: null };
  if (pass.written.length === 0) return null;
  return { mode: pass.mode, scope: { [scope]: pass.written } };
}

/**
 * The worker's way (lib/sync/queue.ts): the pass the sync pass asks for, queued in the transaction that records its
 * end, so it exists exactly when the end does. Queued after that commit, a worker that died between the two left the
 * copy complete and the first full pass never queued (the page said the suggestions were incomplete until something
 * else queued one).
 */
export async function enqueueReconcileAfterSync(boss: PgBoss, tx: Transaction, pass: SyncPassDone): Promise<string | null> {
  const owed = await reconcileOwedAfterSync(tx, pass);
  if (!owed) return null;
  return owed.scope ? enqueueScopedReconcile(boss, { mode: owed.mode, ...owed.scope }, { tx }) : enqueueReconcile(boss, { mode: owed.mode }, { tx });
}

/** Scope keys in one coalesced job at most: a scoped pass over more is slower than its share of a full pass. */
export const COALESCED_SCOPE_MAX = 500;

/**
 * The webhook receiver's scoped jobs, coalesced: one send at a time, each carrying every reference and intent id that
 * came in while the one before was on its way (per mode, up to COALESCED_SCOPE_MAX keys a job). At 500 deliveries a
 * second, a send per delivery (most events name an intent) fell behind the deliveries: tens of thousands of sends
 * waited in the app after a 30 s burst (bench:webhooks). No timer: a burst makes its own batches. Keys are held in
 * memory until sent: a process that dies loses them as a failed send does (the event is stored; the next full pass
 * reads its rows).
 */
export function createScopeCoalescer(send: (data: ReconcileTransfersJobData) => Promise<unknown>, log: (line: string) => void = console.error) {
  const pending = new Map<Mode, { refs: Set<string>; intentIds: Set<string> }>();
  let flushing: Promise<void> | null = null;
  async function flush() {
    while (pending.size > 0) {
      const [mode, scope] = pending.entries().next().value as [Mode, { refs: Set<string>; intentIds: Set<string> }];
      const refs = [...scope.refs].slice(0, COALESCED_SCOPE_MAX);
      const intentIds = [...scope.intentIds].slice(0, COALESCED_SCOPE_MAX - refs.length);
      for (const ref of refs) scope.refs.delete(ref);
      for (const id of intentIds) scope.intentIds.delete(id);
      if (scope.refs.size + scope.intentIds.size === 0) pending.delete(mode);
      try {
        await send({ mode, refs, intentIds });
      } catch (error) {
        log(`[webhooks] ${mode}: reconciliation not queued for ${[...refs, ...intentIds].join(", ")}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  // Keys added after the loop's last look and before its end is seen get a flush of their own, which the promise
  // the callers hold waits for too.
  const start = (): Promise<void> =>
    (flushing ??= flush()
      .finally(() => (flushing = null))
      .then(() => (pending.size > 0 ? start() : undefined)));
  /** Adds a delivery's keys; resolves once they have been sent (or their send failed and was logged). */
  return function queue(mode: Mode, scope: { refs: readonly string[]; intentIds: readonly string[] }): Promise<void> {
    const entry = pending.get(mode) ?? { refs: new Set<string>(), intentIds: new Set<string>() };
    pending.set(mode, entry);
    for (const ref of scope.refs) entry.refs.add(ref);
    for (const id of scope.intentIds) entry.intentIds.add(id);
    return start();
  };
}

export async function startReconcileWork(boss: PgBoss, db: Database, log: (line: string) => void): Promise<void> {
  await ensureReconcileQueues(boss);
  await boss.work<ReconcileJobData>(RECONCILE_QUEUE, { batchSize: 1 }, async ([job]: Job<ReconcileJobData>[]) => {
    const stats = await runReconciliation(db, job!.data.mode);
    // Then, in a transaction of its own, the queue counts recounted: what a race between writers left is healed.
    await recountQueueCounts(db, job!.data.mode);
    if (stats.linked || stats.inserted || stats.deleted) log(`reconcile ${job!.data.mode}: ${JSON.stringify(stats)}`);
    return stats;
  });
  await boss.work<ReconcileTransfersJobData>(RECONCILE_TRANSFERS_QUEUE, { batchSize: 50 }, async (jobs: Job<ReconcileTransfersJobData>[]) => {
    const byMode = new Map<Mode, { refs: Set<string>; intentIds: Set<string>; customerIds: Set<string> }>();
    for (const { data } of jobs) {
      const scope = byMode.get(data.mode) ?? { refs: new Set(), intentIds: new Set(), customerIds: new Set() };
      byMode.set(data.mode, scope);
      for (const key of ["refs", "intentIds", "customerIds"] as const) for (const value of data[key] ?? []) scope[key].add(value);
    }
    for (const [mode, scope] of byMode) {
      await runReconciliation(db, mode, { refs: [...scope.refs], intentIds: [...scope.intentIds], customerIds: [...scope.customerIds] });
    }
  });
}
