import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runReconciliation } from "@/db/queries/reconciliation";
import { getReconcileReadiness } from "@/db/queries/reconciliation-readiness";
import { queueSummary } from "@/db/queries/reconciliation-queues";
import type { SyncResource } from "@/lib/sync/resources";
import { runSyncJob } from "@/lib/sync/queue";
import { sandboxClient, sandboxForTheseTests } from "@/lib/sync/test-support";
import { freshTestDatabase } from "@/scripts/test/database";
import { matchesOf } from "./test-fixtures";
import { reconcileWorkerForTheseTests } from "./test-worker";

// A first start, as the worker runs it (lib/sync/queue.ts): each resource's backfill, then the reconcile pass it asks
// for. Transfers are copied first, payments and customers after: the rules must not present what they make of a
// partial copy, and what they end with must be what a full pass over the complete copy makes.

const test = freshTestDatabase();
const sandbox = sandboxForTheseTests();
const worker = reconcileWorkerForTheseTests(test);

const reconcileJobs = async (states: string[]) =>
  (await test.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name in ('reconcile', 'reconcile-transfers') and state::text = any(${`{${states.join(",")}}`}::text[])`))[0]!.n;

class WorkerDied extends Error {}

/**
 * One backfill as the worker's job runs it (runSyncJob: the pass and the reconcile pass it asks for); `dieAfterPass`:
 * the worker dies the moment the pass has returned (its result callback throws). Then until the reconcile passes
 * queued have run.
 */
async function backfill(resource: SyncResource, { dieAfterPass = false } = {}) {
  const job = runSyncJob(
    worker.boss,
    {
      db: test.db,
      modes: ["test"],
      clientFor: (mode) => sandboxClient(sandbox.current, mode),
      worker: "first-run test",
      log: () => {},
      onResult: (result) => {
        expect(result.error).toBeUndefined();
        expect(result.completedCopy).toBe(true);
        if (dieAfterPass) throw new WorkerDied();
      },
    },
    { mode: "test", resource },
  );
  if (dieAfterPass) await expect(job).rejects.toThrow(WorkerDied);
  else await job;
  const deadline = Date.now() + 20_000;
  while ((await reconcileJobs(["created", "retry", "active"])) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
}

/** The rules' rows, comparable across passes (ids differ when a row is made again). */
const suggestions = async () =>
  (await matchesOf(test.db)).map(({ state, rule, pid, refs, score, reasons }) => ({ state, rule, pid, refs, score, reasons })).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe("the first sync of a mode and the reconciliation rules", () => {
  it("no pass runs over transfers while payments and customers are still being copied, and the page is told why", { timeout: 60_000 }, async () => {
    await backfill("transfers");
    expect(await getReconcileReadiness(test.db, "test")).toEqual({ incomplete: ["payments", "customers"], fullPassPending: false });
    await backfill("payments");
    expect((await getReconcileReadiness(test.db, "test")).incomplete).toEqual(["customers"]);
    // Before: each backfill's pass ran over what was there (the transfers' with no payment to compare, the payments'
    // with no customer's phone or name), and the queues showed its result as the whole.
    expect(await reconcileJobs(["created", "retry", "active", "completed", "failed"])).toBe(0);
    expect(await matchesOf(test.db)).toEqual([]);
  });

  it("the customers' backfill, the last, queues one full pass, even when the worker dies right after it: its suggestions are those of a full pass over the complete copy", { timeout: 60_000 }, async () => {
    // The pass is queued with the backfill's end, in one transaction: before, a worker that died between the two left
    // the copy complete, no pass queued, and the page saying the suggestions were incomplete until something else queued one.
    await backfill("customers", { dieAfterPass: true });
    expect(await getReconcileReadiness(test.db, "test")).toEqual({ incomplete: [], fullPassPending: false });
    const [full] = await test.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = 'reconcile' and state = 'completed'`);
    expect(full!.n).toBe(1);
    const after = await suggestions();
    const summary = await queueSummary(test.db, "test");
    // The seed has suggestions of each kind the rules make from the sender's identity (so this compares something).
    expect(after.filter((m) => m.state === "suggested" && m.rule === "amount_and_sender").length).toBeGreaterThan(0);

    // A full pass over the same complete copy changes nothing and leaves the same queues.
    const stats = await runReconciliation(test.db, "test");
    expect({ inserted: stats.inserted, deleted: stats.deleted }).toEqual({ inserted: 0, deleted: 0 });
    expect(await suggestions()).toEqual(after);
    expect(await queueSummary(test.db, "test")).toEqual(summary);
  });
});
