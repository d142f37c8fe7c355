import "server-only";
import os from "node:os";
import { getDb } from "@/db";
import { env } from "@/lib/env";
import { MODES, type Mode } from "@/lib/env-schema";
import { createModeClient, type PaymentClient } from "@/lib/payments";
import { consoleLogger } from "@/lib/payments/log";
import type { PgBoss } from "pg-boss";
import { createScopeCoalescer, enqueueScopedReconcile, ensureReconcileQueues } from "@/lib/reconciliation/jobs";
import { SYNC_CLIENT_OPTIONS } from "./fetch";
import { createSyncBoss, ensureSyncQueue, startSyncWorker, type SyncWorker } from "./queue";

// One line to start the sync's worker from the app server (instrumentation-node.ts) or alone (scripts/worker.ts).

const KEY_SETTINGS = { test: "PAYMENT_SECRET_KEY_TEST", live: "PAYMENT_SECRET_KEY_LIVE" } as const;
const globalForSync = globalThis as unknown as { backofficeSyncWorker?: Promise<SyncWorker>; backofficeSyncSender?: Promise<PgBoss> };

/** The modes whose secret key is configured: the others are not synced. */
export function syncedModes(): Mode[] {
  const settings = env();
  return MODES.filter((mode) => !!settings[KEY_SETTINGS[mode]]);
}

export function bootSyncWorker(): Promise<SyncWorker> {
  // Once per process: a dev server's reloads must not start a second worker.
  globalForSync.backofficeSyncWorker ??= (async () => {
    const settings = env();
    if (!settings.DATABASE_URL) throw new Error("DATABASE_URL is not set");
    const clients = new Map<Mode, PaymentClient>();
    const worker = await startSyncWorker({
      databaseUrl: settings.DATABASE_URL,
      db: getDb(),
      modes: syncedModes(),
      // Quiet: a backfill makes thousands of calls; failures still log at warn.
      clientFor: (mode) => {
        if (!clients.has(mode)) clients.set(mode, createModeClient(mode, { ...SYNC_CLIENT_OPTIONS, logger: consoleLogger(settings.LOG_LEVEL === "debug" ? "debug" : "warn") }));
        return clients.get(mode)!;
      },
      intervalMinutes: settings.SYNC_INTERVAL_MINUTES,
      refreshMinutes: settings.SYNC_REFRESH_MINUTES,
      syncOnStart: true,
      worker: `${os.hostname()} pid ${process.pid}`,
      onResult: (r) => {
        if (r.rows > 0 || r.error) console.log(`[sync] ${r.mode} ${r.resource} ${r.kind}: ${r.rows} rows, ${r.apiCalls} calls${r.error ? `, failed: ${r.error}` : ""}`);
      },
    });
    return worker;
  })();
  return globalForSync.backofficeSyncWorker;
}

/**
 * A pg-boss instance to queue jobs from a server action: this process's worker's when it runs one, otherwise one that
 * only sends (no supervision, no schedules; the worker elsewhere, `npm run worker`, runs the jobs).
 */
export function syncSender(): Promise<PgBoss> {
  if (globalForSync.backofficeSyncWorker) return globalForSync.backofficeSyncWorker.then((worker) => worker.boss);
  globalForSync.backofficeSyncSender ??= (async () => {
    const settings = env();
    if (!settings.DATABASE_URL) throw new Error("DATABASE_URL is not set");
    const boss = createSyncBoss(settings.DATABASE_URL, { sendOnly: true });
    boss.on("error", (error) => console.error(`[sync] queue error: ${error instanceof Error ? error.message : String(error)}`));
    await boss.start();
    await ensureSyncQueue(boss);
    await ensureReconcileQueues(boss);
    return boss;
  })().catch((error: unknown) => {
    globalForSync.backofficeSyncSender = undefined;
    throw error;
  });
  return globalForSync.backofficeSyncSender;
}

/**
 * Reconciliation's rules for the transfers and payment intents a webhook just stored, as a scoped job (coalesced with
 * the other deliveries' while a send is on its way: createScopeCoalescer). Sent after the event's statement commits,
 * not inside it (that statement is one round trip): should the send fail, the event is still stored and answered 200,
 * and its rows are read by the pass the next sync queues for what it writes, or a full pass.
 */
export const queueReconcileScope = createScopeCoalescer(async (data) => enqueueScopedReconcile(await syncSender(), data));
