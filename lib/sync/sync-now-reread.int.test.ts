import { sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFreshAt, listSyncStatus } from "@/db/queries/sync-status";
import { operators, type Operator } from "@/db/schema";
import { ensureReconcileQueues } from "@/lib/reconciliation/jobs";
import { freshTestDatabase } from "@/scripts/test/database";
import { createSyncBoss, ensureSyncQueue, runSyncJob, SYNC_QUEUE, type SyncJobData } from "./queue";
import { SYNC_RESOURCES, type SyncResource } from "./resources";
import { runSync } from "./run";
import { requestSyncNow } from "./sync-now";
import { sandboxClient, sandboxForTheseTests } from "./test-support";

// "Sync now", as the worker runs its jobs: afterwards the copy is current, its freshness line too. The line's time is
// the older of the last pass that read new records and the last re-read of what can still change; Sync now used to
// read only the new records, and the line went on saying "al día hace 7 minutos".

const test = freshTestDatabase();
// SYNC_NOW_SCALE=1 measures the figure on the seed `npm run dev` starts with.
const sandbox = sandboxForTheseTests(process.env.SYNC_NOW_SCALE ? { scale: Number(process.env.SYNC_NOW_SCALE) } : {});
let boss: PgBoss;
let ana: Operator;
let calls = 0;

beforeAll(async () => {
  boss = createSyncBoss(test.url, { sendOnly: true });
  await boss.start();
  await ensureSyncQueue(boss);
  await ensureReconcileQueues(boss);
  ana = (await test.db.insert(operators).values({ email: "ana@example.com", name: "Ana", passwordHash: "x", role: "operator" }).returning())[0]!;
});
afterAll(async () => {
  await boss.stop({ graceful: false });
});

const worker = { db: undefined as never, modes: ["test"] as const, clientFor: () => sandboxClient(sandbox.current, "test", () => calls++), log: () => {} };

/** What the worker does with each queued job; the API calls they made. */
async function workQueued(): Promise<number> {
  calls = 0;
  for (;;) {
    const [job] = await boss.fetch<SyncJobData>(SYNC_QUEUE);
    if (!job) return calls;
    await runSyncJob(boss, { ...worker, db: test.db }, job.data, job.id);
    await boss.complete(SYNC_QUEUE, job.id);
  }
}

describe("Sync now", () => {
  it("leaves every resource's copy current, its re-read included; the API calls it costs", { timeout: 90_000 }, async () => {
    for (const resource of SYNC_RESOURCES) expect((await runSync({ db: test.db, client: sandboxClient(sandbox.current, "test"), mode: "test", resource })).error).toBeUndefined();
    // Seven minutes pass: the copy and its passes are that old (a scheduled re-read is due every 15).
    await test.db.execute(sql`update sync_state set last_complete_at = last_complete_at - interval '7 minutes', finished_at = finished_at - interval '7 minutes'`);
    await test.db.execute(sql`update sync_runs set started_at = started_at - interval '7 minutes', finished_at = finished_at - interval '7 minutes'`);

    const requested = new Date();
    const queued = await requestSyncNow(test.db, boss, { operator: ana, mode: "test" });
    expect(queued).toHaveLength(SYNC_RESOURCES.length);
    const apiCalls = await workQueued();
    const statuses = await listSyncStatus(test.db, { mode: "test" });
    const stale = statuses.filter((status) => copyFreshAt(status)! < requested).map((status) => status.resource);
    expect(stale, "resources whose line still says the copy is minutes old").toEqual([]);

    // The figure, beside a Sync now without the re-read (the pass of new records alone), on the same copy.
    const incremental = await Promise.all(
      SYNC_RESOURCES.map(async (resource: SyncResource) => {
        let n = 0;
        await runSync({ db: test.db, client: sandboxClient(sandbox.current, "test", () => n++), mode: "test", resource });
        return n;
      }),
    );
    console.log(`Sync now (scale ${process.env.SYNC_NOW_SCALE ?? 0.05}): ${apiCalls} API calls with the re-read, ${incremental.reduce((a, b) => a + b, 0)} without`);
  });
});
