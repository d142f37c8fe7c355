// For reconciliation's integration tests: the sync's pg-boss on the test's database with the rules' workers, started
// before the file's tests and stopped after them.
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll } from "vitest";
import type { Database } from "@/db";
import { createSyncBoss, ensureSyncQueue } from "@/lib/sync/queue";
import { startReconcileWork } from "./jobs";

export function reconcileWorkerForTheseTests(test: { url: string; db: Database }): { readonly boss: PgBoss } {
  let boss: PgBoss | undefined;
  beforeAll(async () => {
    boss = createSyncBoss(test.url);
    await boss.start();
    await ensureSyncQueue(boss);
    await startReconcileWork(boss, test.db, () => {});
  });
  afterAll(async () => {
    await boss?.stop({ graceful: false, timeout: 5_000 });
  });
  return {
    get boss() {
      if (!boss) throw new Error("the reconcile worker is not running yet");
      return boss;
    },
  };
}
