import { sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshTestDatabase } from "@/scripts/test/database";
import { createSyncBoss, enqueueSyncInTransaction, ensureSyncQueue } from "./queue";

// "Sync now" queues its jobs inside the transaction of its audit row: pg-boss's statements run on that transaction,
// so a rolled-back request leaves no job, and a committed one leaves exactly its jobs.

const test = freshTestDatabase();
let boss: PgBoss;
beforeAll(async () => {
  boss = createSyncBoss(test.url, { sendOnly: true });
  await boss.start();
  await ensureSyncQueue(boss);
});
afterAll(async () => {
  await boss.stop({ graceful: false });
});

const queued = async () =>
  (await test.db.execute<{ key: string }>(sql`select singleton_key as key from pgboss.job where name = 'sync' and state = 'created' order by singleton_key`)).map((r) => r.key);

describe("enqueueSyncInTransaction", () => {
  it("queues nothing when the transaction rolls back", async () => {
    await expect(
      test.db.transaction(async (tx) => {
        const ids = await enqueueSyncInTransaction(boss, tx, [{ mode: "test", resource: "payments" }]);
        expect(ids[0]).toEqual(expect.any(String));
        throw new Error("the audit row failed");
      }),
    ).rejects.toThrow("the audit row failed");
    expect(await queued()).toEqual([]);
  });

  it("queues one job per resource on commit, and no second one for a resource already queued (stately): the queued one's id", async () => {
    const ids = await test.db.transaction((tx) =>
      enqueueSyncInTransaction(boss, tx, [
        { mode: "test", resource: "payments" },
        { mode: "test", resource: "transfers" },
      ]),
    );
    expect(ids.every((id) => typeof id === "string")).toBe(true);
    expect(await queued()).toEqual(["test.payments", "test.transfers"]);
    const again = await test.db.transaction((tx) => enqueueSyncInTransaction(boss, tx, [{ mode: "test", resource: "payments" }]));
    expect(again).toEqual([ids[0]]);
    expect(await queued()).toEqual(["test.payments", "test.transfers"]);
  });

  it("a Sync now that meets a scheduled pass queued makes it read what is new and re-read what can still change", async () => {
    const data = async (id: string) => (await test.db.execute<{ data: unknown }>(sql`select data from pgboss.job where id = ${id}::uuid`))[0]!.data;
    // The scheduled re-read of renewals and the incremental pass of customers, waiting their turn.
    const refresh = await boss.send("sync", { mode: "live", resource: "renewals", kind: "refresh" }, { singletonKey: "live.renewals" });
    const incremental = await boss.send("sync", { mode: "live", resource: "customers" }, { singletonKey: "live.customers" });
    const ids = await test.db.transaction((tx) =>
      enqueueSyncInTransaction(boss, tx, [
        { mode: "live", resource: "renewals", reread: true },
        { mode: "live", resource: "customers", reread: true },
      ]),
    );
    // Before: [null, null], and the two passes ran as scheduled: the renewals' re-read read nothing new, the customers'
    // pass re-read nothing.
    expect(ids).toEqual([refresh, incremental]);
    expect(await data(refresh!)).toEqual({ mode: "live", resource: "renewals", reread: true });
    expect(await data(incremental!)).toEqual({ mode: "live", resource: "customers", reread: true });
    // A request without the re-read leaves a queued job's own kind alone.
    const daily = await boss.send("sync", { mode: "live", resource: "accounts", full: true }, { singletonKey: "live.accounts" });
    expect(await test.db.transaction((tx) => enqueueSyncInTransaction(boss, tx, [{ mode: "live", resource: "accounts" }]))).toEqual([daily]);
    expect(await data(daily!)).toEqual({ mode: "live", resource: "accounts", full: true });
  });
});
