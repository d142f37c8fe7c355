import { sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Operator } from "@/db/schema";
import { addOperator } from "@/lib/operators";
import { createSyncBoss, ensureSyncQueue } from "@/lib/sync/queue";
import { freshTestDatabase } from "@/scripts/test/database";
import { ensureReconcileQueues, RECONCILE_QUEUE, startReconcileWork } from "./jobs";
import { requestRulesRun, rulesRunProgress } from "./rules-now";
import { addCustomer, addIntent, addTransfer, matchesOf } from "./test-fixtures";

// "Look for matches now" against a real pg-boss on a real PostgreSQL: the request queues the full pass and answers
// before any rule has run (it ran inside the request: 15.7 s at 1,000,000 transfers); the worker runs it; the button's
// progress says queued, then done with the pass's figures, and only for the operator whose request named the job.

const test = freshTestDatabase();
const system = { operatorId: null, label: "test" };
let sender: PgBoss;
let worker: PgBoss | undefined;
const people = {} as Record<"ana" | "bruno", Operator>;

beforeAll(async () => {
  // Only sends, as the app server's actions do when the worker runs elsewhere (`npm run worker`).
  sender = createSyncBoss(test.url, { sendOnly: true });
  await sender.start();
  await ensureSyncQueue(sender);
  await ensureReconcileQueues(sender);
  people.ana = (await addOperator(test.db, { email: "ana@example.cr", name: "Ana Mora", role: "operator" }, system)).operator;
  people.bruno = (await addOperator(test.db, { email: "bruno@example.cr", name: "Bruno Solís", role: "operator" }, system)).operator;
});
afterAll(async () => {
  await worker?.stop({ graceful: false, timeout: 5_000 });
  await sender.stop({ graceful: false });
});

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("Look for matches now", () => {
  it("queues a full pass with its audit row and answers before it runs; the worker runs it and the progress shows its figures", { timeout: 30_000 }, async () => {
    const customer = await addCustomer(test.db, { phone: "+50688123456" });
    const pid = await addIntent(test.db, { customerId: customer });
    await addTransfer(test.db, { phone: "8812-3456" });

    const job = await requestRulesRun(test.db, sender, { operator: people.ana, mode: "test" });
    expect(job).toMatch(/^[0-9a-f-]{36}$/);
    // Answered at once: no rule ran in the request.
    expect(await matchesOf(test.db)).toEqual([]);
    // Nothing of the queue runs: no worker is taking it (the button says so if it lasts).
    expect(await rulesRunProgress(test.db, sender, { operatorId: people.ana.id, job })).toEqual({ state: "queued", workerBusy: false });
    const audits = await test.db.execute<{ actor: string; subject_id: string; after: unknown }>(
      sql`select actor, subject_id, after from audit_log where action = 'reconciliation.rules_run'`,
    );
    expect(audits).toEqual([{ actor: "ana@example.cr", subject_id: "test", after: { job } }]);
    // Asked again while it waits: the same pass, one more audit row naming it.
    expect(await requestRulesRun(test.db, sender, { operator: people.bruno, mode: "test" })).toBe(job);

    worker = createSyncBoss(test.url);
    await worker.start();
    await startReconcileWork(worker, test.db, () => {});
    const progress = await eventually(() => rulesRunProgress(test.db, sender, { operatorId: people.ana.id, job }), (p) => p?.state === "done");
    expect(progress).toEqual({ state: "done", stats: expect.objectContaining({ suggestions: 1, linked: 0 }) });
    expect(await matchesOf(test.db)).toMatchObject([{ state: "suggested", rule: "amount_and_sender", pid }]);
  });

  it("tells an operator nothing of a job their own request did not name", async () => {
    const job = await requestRulesRun(test.db, sender, { operator: people.bruno, mode: "live" });
    expect(await rulesRunProgress(test.db, sender, { operatorId: people.ana.id, job })).toBeNull();
    expect(await rulesRunProgress(test.db, sender, { operatorId: people.ana.id, job: "00000000-0000-4000-8000-000000000000" })).toBeNull();
    expect(await rulesRunProgress(test.db, sender, { operatorId: people.bruno.id, job })).not.toBeNull();
  });

  it("a request queued while another pass runs says it waits its turn; once none runs, that nothing is taking it", { timeout: 30_000 }, async () => {
    await worker?.stop({ graceful: false, timeout: 5_000 });
    worker = undefined;
    // A pass of the other mode, taken by a worker (fetched: active) and not finished.
    const other = await requestRulesRun(test.db, sender, { operator: people.bruno, mode: "live" });
    const [taken] = await sender.fetch(RECONCILE_QUEUE);
    expect(taken?.id).toBe(other);
    const job = await requestRulesRun(test.db, sender, { operator: people.ana, mode: "test" });
    expect(await rulesRunProgress(test.db, sender, { operatorId: people.ana.id, job })).toEqual({ state: "queued", workerBusy: true });
    await sender.complete(RECONCILE_QUEUE, other);
    expect(await rulesRunProgress(test.db, sender, { operatorId: people.ana.id, job })).toEqual({ state: "queued", workerBusy: false });
  });
});
