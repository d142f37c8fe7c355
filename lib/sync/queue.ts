import "server-only";
import { PgBoss, type Db as BossDb, type Job } from "pg-boss";
import { sql } from "drizzle-orm";
import type { Database, Db, Transaction } from "@/db";
import type { SyncKind } from "@/db/queries/sync";
import type { Mode } from "@/lib/env-schema";
import type { PaymentClient } from "@/lib/payments/client";
import { enqueueReconcileAfterSync, startReconcileWork } from "@/lib/reconciliation/jobs";
import { RESOURCES, SYNC_RESOURCES, type SyncResource } from "./resources";
import { runSync, type SyncResult } from "./run";

// The sync's jobs on pg-boss (tables in the `pgboss` schema of the app's own database). One queue, policy "stately"
// with the (mode, resource) as singleton key: at most one job per key queued and one active, across every process
// against this database, so two instances never run the same resource's pass at once. Schedules are pg-boss cron
// rows: whichever instance's clock monitor fires first sends the job, once.

export const SYNC_QUEUE = "sync";
/**
 * `reread`: "Sync now": after the pass that reads new records, the re-read of those that can still change (a resource
 * with `changeable`), in the same job — the stately queue keeps one job per (mode, resource), and the operator expects the
 * whole copy to be current afterwards, as its freshness line then says ("al día hace unos segundos").
 */
export type SyncJobData = { mode: Mode; resource: SyncResource; kind?: SyncKind; full?: boolean; reread?: boolean };

/** When the resources read again in full once a day are (RESOURCES[r].reread). */
export const DAILY_REREAD_CRON = "17 9 * * *";

export const syncJobKey = (mode: Mode, resource: SyncResource) => `${mode}.${resource}`;

export type SyncWorkerOptions = {
  databaseUrl: string;
  db: Database;
  /** The modes with a key; a client per mode (created lazily, so a key problem is recorded by the job, not thrown here). */
  modes: readonly Mode[];
  clientFor: (mode: Mode) => PaymentClient;
  intervalMinutes: number;
  refreshMinutes: number;
  /** Send one job per (mode, resource) at start: the first backfill, or the resumption of one cut short. */
  syncOnStart?: boolean;
  /** Jobs run at once in this process. */
  concurrency?: number;
  worker?: string;
  log?: (line: string) => void;
  onResult?: (result: SyncResult) => void;
};

export type SyncWorker = { boss: PgBoss; stop: () => Promise<void> };

export function createSyncBoss(databaseUrl: string, { sendOnly = false } = {}): PgBoss {
  if (sendOnly) return new PgBoss({ connectionString: databaseUrl, schema: "pgboss", max: 2, application_name: "backoffice-sync-send", supervise: false, schedule: false });
  // LISTEN on a connection of its own: queues created with `notify` (the scoped reconcile passes) wake their worker at once.
  return new PgBoss({ connectionString: databaseUrl, schema: "pgboss", max: 4, application_name: "backoffice-sync", useListenNotify: true });
}

/**
 * Whether any job of the queue is running now, in any process against this database: a request still queued beside one
 * is waiting its turn; queued with none running for long, no worker is taking the queue's jobs (a button says so).
 */
export async function queueHasActiveJob(db: Db, queue: string): Promise<boolean> {
  const [row] = await db.execute<{ active: boolean }>(sql`select exists (select 1 from pgboss.job where name = ${queue} and state = 'active') as active`);
  return row?.active === true;
}

export async function ensureSyncQueue(boss: PgBoss): Promise<void> {
  if (await boss.getQueue(SYNC_QUEUE)) return;
  // Retries with exponential backoff for a 5xx or network failure that outlasted the client's own retries.
  await boss.createQueue(SYNC_QUEUE, { policy: "stately", retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 3 * 3600 });
}

/** Asks for one pass now (the CLI's --enqueue, the start-up sync, later "Sync now"). Null when one is already queued. */
export function enqueueSync(boss: PgBoss, data: SyncJobData): Promise<string | null> {
  return boss.send(SYNC_QUEUE, data, { singletonKey: syncJobKey(data.mode, data.resource) });
}

/**
 * pg-boss's statements run on a caller's Drizzle transaction (pg-boss's `db` send option), so a job is queued exactly
 * when the caller's other writes commit: "Sync now" queues its jobs in the transaction of its audit row.
 */
export function bossOnTransaction(tx: Transaction): BossDb {
  // The transaction's postgres-js connection; Drizzle keeps it on its session (public at runtime, marked internal).
  const session = (tx as unknown as { session: { queryObjects: (text: string, params: unknown[]) => Promise<unknown[]> } }).session;
  return { executeSql: async (text, values) => ({ rows: [...(await session.queryObjects(text, values ?? []))] }) };
}

/**
 * "Sync now": one job per resource, inside the caller's transaction. Where a job of the resource is already queued (the
 * stately queue keeps one: a scheduled pass waiting its turn), that job is the one that does the work, so it is made to
 * do what was asked — read what is new and then, with `reread`, re-read what can still change (a queued scheduled
 * re-read becomes a pass that does both) — and its id is returned. Before, such a resource got no job: the operator's
 * Sync now left it to a pass that re-read nothing, and the freshness line kept its old time. Null only when the queued
 * job started in between and another could not be queued either.
 */
export async function enqueueSyncInTransaction(boss: PgBoss, tx: Transaction, jobs: SyncJobData[]): Promise<(string | null)[]> {
  const db = bossOnTransaction(tx);
  const ids: (string | null)[] = [];
  for (const data of jobs) {
    const singletonKey = syncJobKey(data.mode, data.resource);
    let id = await boss.send(SYNC_QUEUE, data, { singletonKey, db });
    for (let attempt = 0; id === null && attempt < 2; attempt++) {
      const [queued] = await tx.execute<{ id: string }>(sql`update pgboss.job
        set data = (case when data->>'kind' = 'refresh' then data - 'kind' else data end)${data.reread ? sql` || '{"reread": true}'::jsonb` : sql``}
        where name = ${SYNC_QUEUE} and singleton_key = ${singletonKey} and state in ('created', 'retry')
        returning id::text`);
      id = queued?.id ?? (await boss.send(SYNC_QUEUE, data, { singletonKey, db }));
    }
    ids.push(id);
  }
  return ids;
}

async function schedule(boss: PgBoss, options: SyncWorkerOptions): Promise<void> {
  for (const mode of options.modes) {
    for (const resource of SYNC_RESOURCES) {
      const singletonKey = syncJobKey(mode, resource);
      await boss.schedule(SYNC_QUEUE, `*/${options.intervalMinutes} * * * *`, { mode, resource }, { key: `${singletonKey}.incremental`, singletonKey, tz: "UTC" });
      if (RESOURCES[resource].changeable) {
        // Off the incremental's minute, so the two rarely meet (a stately queue keeps only one queued per key).
        const offset = Math.min(options.refreshMinutes - 1, 2);
        await boss.schedule(SYNC_QUEUE, `${offset}-59/${options.refreshMinutes} * * * *`, { mode, resource, kind: "refresh" }, { key: `${singletonKey}.refresh`, singletonKey, tz: "UTC" });
      }
      if (RESOURCES[resource].reread === "daily") {
        // A full pass once a day, at night in Central America (09:17 UTC is 03:17 in Costa Rica and Guatemala).
        await boss.schedule(SYNC_QUEUE, DAILY_REREAD_CRON, { mode, resource, full: true }, { key: `${singletonKey}.daily`, singletonKey, tz: "UTC" });
      }
    }
  }
}

/** One sync job: its pass (two for "Sync now" of a resource whose records can still change), each followed by the rules' pass it asks for. */
export async function runSyncJob(
  boss: PgBoss,
  options: Pick<SyncWorkerOptions, "db" | "modes" | "clientFor" | "worker" | "onResult"> & { log: (line: string) => void },
  data: SyncJobData,
  jobId?: string,
) {
  const { mode, resource, kind, full, reread } = data;
  if (!options.modes.includes(mode)) return { skipped: `no key for ${mode}` };
  const passes: SyncResult[] = [];
  const pass = async (kindOfPass: SyncKind | undefined) => {
    // Reconciliation's rules run after each pass that brought rows they read, over those rows (lib/reconciliation/jobs.ts),
    // queued with the pass's end.
    const result = await runSync({
      db: options.db,
      client: options.clientFor(mode),
      mode,
      resource,
      kind: kindOfPass,
      full,
      jobId,
      worker: options.worker,
      onFinish: (tx, done) => enqueueReconcileAfterSync(boss, tx, done),
    });
    passes.push(result);
    options.onResult?.(result);
    // A refused key will not heal on a retry: recorded in sync_state, and the job ends. Anything else is retried.
    if (result.error && !result.keyProblem) throw new Error(result.error);
    if (result.error) options.log(`${mode} ${resource}: ${result.error}`);
    return result;
  };
  const first = await pass(kind);
  // A backfill has just read every record; a refused key stops the mode.
  if (reread && RESOURCES[resource].changeable && first.kind !== "backfill" && first.kind !== "refresh" && !first.error) await pass("refresh");
  return { rows: passes.reduce((sum, p) => sum + p.rows, 0), apiCalls: passes.reduce((sum, p) => sum + p.apiCalls, 0) };
}

export async function startSyncWorker(options: SyncWorkerOptions): Promise<SyncWorker> {
  const log = options.log ?? ((line: string) => console.log(`[sync] ${line}`));
  const boss = createSyncBoss(options.databaseUrl);
  boss.on("error", (error) => log(`queue error: ${error instanceof Error ? error.message : String(error)}`));
  await boss.start();
  await ensureSyncQueue(boss);
  await schedule(boss, options);

  await boss.work<SyncJobData>(SYNC_QUEUE, { localConcurrency: options.concurrency ?? 2, batchSize: 1 }, async ([job]: Job<SyncJobData>[]) =>
    runSyncJob(boss, { ...options, log }, job!.data, job!.id),
  );
  await startReconcileWork(boss, options.db, log);

  if (options.syncOnStart) {
    for (const mode of options.modes) for (const resource of SYNC_RESOURCES) await enqueueSync(boss, { mode, resource });
  }
  log(`worker started (${options.modes.join(", ") || "no mode has a key"}; every ${options.intervalMinutes} min, re-reads every ${options.refreshMinutes} min)`);
  return { boss, stop: () => boss.stop({ graceful: true, timeout: 30_000 }) };
}
