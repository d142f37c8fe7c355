import "server-only";
import os from "node:os";
import { getDb } from "@/db";
import { env } from "@/lib/env";
import { MODES, type Mode } from "@/lib/env-schema";
import { createModeClient, type PaymentClient } from "@/lib/payments";
import { consoleLogger } from "@/lib/payments/log";
import { startSyncWorker, type SyncWorker } from "./queue";

// One line to start the sync's worker from the app server (instrumentation-node.ts) or alone (scripts/worker.ts).

const KEY_SETTINGS = { test: "PAYMENT_SECRET_KEY_TEST", live: "PAYMENT_SECRET_KEY_LIVE" } as const;
const globalForSync = globalThis as unknown as { backofficeSyncWorker?: Promise<SyncWorker> };

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
        if (!clients.has(mode)) clients.set(mode, createModeClient(mode, { logger: consoleLogger(settings.LOG_LEVEL === "debug" ? "debug" : "warn"), priority: "bulk" }));
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
