import { randomUUID } from "node:crypto";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operators, type Operator } from "@/db/schema";
import { freshTestDatabase } from "@/scripts/test/database";
import { createSyncBoss, enqueueSync, ensureSyncQueue, SYNC_QUEUE } from "./queue";
import { requestSyncNow, syncNowProgress } from "./sync-now";

// "Sync now"'s progress against a real pg-boss on a real PostgreSQL: what the button shows ("2 de 6 terminadas…",
// then "terminada") counts only the jobs the operator's own request queued, and never an id pg-boss does not know as
// one that finished.

const test = freshTestDatabase();
let boss: PgBoss;
const people = {} as Record<"ana" | "bruno", Operator>;

beforeAll(async () => {
  boss = createSyncBoss(test.url, { sendOnly: true });
  await boss.start();
  await ensureSyncQueue(boss);
  for (const name of ["ana", "bruno"] as const) {
    const [row] = await test.db.insert(operators).values({ email: `${name}@example.com`, name, passwordHash: "x", role: "operator" }).returning();
    people[name] = row!;
  }
});
afterAll(async () => {
  await boss.stop({ graceful: false });
});

const progress = (who: keyof typeof people, jobs: string[]) => syncNowProgress(test.db, boss, { operatorId: people[who].id, jobs });

/** What a worker does with the next queued job: takes it, then completes or fails it. */
async function work(outcome: "complete" | "fail"): Promise<string> {
  const [job] = await boss.fetch(SYNC_QUEUE);
  expect(job, "a queued job").toBeTruthy();
  await (outcome === "complete" ? boss.complete(SYNC_QUEUE, job!.id) : boss.fail(SYNC_QUEUE, job!.id, { error: "test" }));
  return job!.id;
}

describe("syncNowProgress", () => {
  it("counts the jobs of the operator's own request as they are queued, done and failed", async () => {
    const jobs = await requestSyncNow(test.db, boss, { operator: people.ana, mode: "test", resource: "payments" });
    const more = await requestSyncNow(test.db, boss, { operator: people.ana, mode: "test", resource: "transfers" });
    const all = [...jobs, ...more];
    expect(all).toHaveLength(2);
    // Neither started, and no sync job runs: no worker is taking them (the button says so if it lasts).
    expect(await progress("ana", all)).toEqual({ done: 0, failed: 0, pending: 2, queued: 2, workerBusy: false });
    // A worker takes one: the other waits beside a running job.
    const [taken] = await boss.fetch(SYNC_QUEUE);
    expect(all).toContain(taken?.id);
    expect(await progress("ana", all)).toEqual({ done: 0, failed: 0, pending: 2, queued: 1, workerBusy: true });
    await boss.complete(SYNC_QUEUE, taken!.id);
    expect(await progress("ana", all)).toEqual({ done: 1, failed: 0, pending: 1, queued: 1, workerBusy: false });
    // The stately queue's retries: a failed attempt with retries left is still pending, not failed.
    await work("fail");
    expect(await progress("ana", all)).toMatchObject({ done: 1, pending: 1 });
  });

  it("counts for nothing an id the operator's own Sync now did not queue: unknown, another operator's, a scheduled pass's", async () => {
    const unknown = randomUUID();
    expect(await progress("ana", [unknown])).toBeNull();

    const [bruno] = await requestSyncNow(test.db, boss, { operator: people.bruno, mode: "test", resource: "customers" });
    expect(await progress("ana", [bruno!])).toBeNull();
    expect(await progress("bruno", [bruno!])).toEqual({ done: 0, failed: 0, pending: 1, queued: 1, workerBusy: false });

    const scheduled = await enqueueSync(boss, { mode: "live", resource: "customers" });
    expect(scheduled).toEqual(expect.any(String));
    expect(await progress("ana", [scheduled!])).toBeNull();

    // Mixed with one of their own, the others add nothing: one job, still pending.
    const [own] = await requestSyncNow(test.db, boss, { operator: people.ana, mode: "live", resource: "payments" });
    expect(await progress("ana", [own!, unknown, bruno!, scheduled!])).toEqual({ done: 0, failed: 0, pending: 1, queued: 1, workerBusy: false });
  });

  it("never counts as done one of their jobs that pg-boss no longer has (its outcome is unknown)", async () => {
    const [job] = await requestSyncNow(test.db, boss, { operator: people.ana, mode: "live", resource: "renewals" });
    await boss.deleteJob(SYNC_QUEUE, job!);
    expect(await progress("ana", [job!])).toEqual({ done: 0, failed: 1, pending: 0, queued: 0, workerBusy: false });
  });
});
