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

  it("queues one job per resource on commit, and none for a resource already queued (stately)", async () => {
    const ids = await test.db.transaction((tx) =>
      enqueueSyncInTransaction(boss, tx, [
        { mode: "test", resource: "payments" },
        { mode: "test", resource: "transfers" },
      ]),
    );
    expect(ids.every((id) => typeof id === "string")).toBe(true);
    expect(await queued()).toEqual(["test.payments", "test.transfers"]);
    const again = await test.db.transaction((tx) => enqueueSyncInTransaction(boss, tx, [{ mode: "test", resource: "payments" }]));
    expect(again).toEqual([null]);
    expect(await queued()).toEqual(["test.payments", "test.transfers"]);
  });
});
