import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { freshTestDatabase } from "@/scripts/test/database";
import { handleWebhookRequest } from "@/lib/webhooks/http";
import { deferred, transfer } from "@/lib/webhooks/test-events";
import { runReconciliation } from "@/db/queries/reconciliation";
import { enqueueReconcile, enqueueReconcileAfterSync, enqueueScopedReconcile } from "./jobs";
import { syncState } from "@/db/schema";
import type { SyncResource } from "@/lib/sync/resources";
import { addCustomer, addIntent, addTransfer, hoursAfter, matchesOf } from "./test-fixtures";
import { reconcileWorkerForTheseTests } from "./test-worker";

// The rules as pg-boss jobs on the app's database: a transfer stored with its job in one transaction is matched by
// the worker; a full pass after a sync confirms what the service linked.

const test = freshTestDatabase();
const worker = reconcileWorkerForTheseTests(test);

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000, everyMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** The sync's first complete copy of these resources in test mode, as its backfill leaves it in sync_state. */
async function completeCopies(resources: SyncResource[]) {
  for (const resource of resources) {
    await test.db.insert(syncState).values({ mode: "test", resource, phase: "idle", kind: "backfill", lastCompleteAt: new Date() }).onConflictDoUpdate({ target: [syncState.mode, syncState.resource], set: { lastCompleteAt: new Date() } });
  }
}

/** One delivery through the webhook endpoint's handler, the scope it reports queued as the route queues it. */
async function deliver(event: unknown) {
  const queued: unknown[] = [];
  const response = await handleWebhookRequest(
    new Request("http://app/api/webhooks/test", { method: "POST", headers: { "x-webhook-secret": "whsec_jobs" }, body: JSON.stringify(event) }),
    "test",
    "whsec_jobs",
    () => test.db,
    (mode, scope) => (queued.push(scope), enqueueScopedReconcile(worker.boss, { mode, ...scope })),
  );
  return { response, queued };
}

describe("reconciliation jobs", () => {
  it("matches a transfer queued in the transaction that stored it", { timeout: 30_000 }, async () => {
    const customer = await addCustomer(test.db, {});
    const pid = await addIntent(test.db, { customerId: customer });
    await test.db.transaction(async (tx) => {
      const ref = await addTransfer(tx, { phone: "8812-3456" });
      await enqueueScopedReconcile(worker.boss, { mode: "test", refs: [ref] }, { tx });
    });
    const rows = await eventually(() => matchesOf(test.db), (r) => r.length > 0);
    expect(rows).toMatchObject([{ state: "suggested", rule: "amount_and_sender", pid }]);
  });

  it("matches a transfer queued while the worker waits at once, not at the worker's next poll", { timeout: 30_000 }, async () => {
    const customer = await addCustomer(test.db, { phone: "+506 8555 1212", name: "Luis Mora Solís" });
    const store = async (amount: number) => {
      const pid = await addIntent(test.db, { customerId: customer, amount });
      await test.db.transaction(async (tx) => {
        const ref = await addTransfer(tx, { phone: "8555-1212", amount });
        await enqueueScopedReconcile(worker.boss, { mode: "test", refs: [ref] }, { tx });
      });
      return pid;
    };
    const matched = (pid: string) => eventually(() => matchesOf(test.db), (rows) => rows.some((m) => m.pid === pid), 20_000, 20);
    // Once the first is matched the worker has found its queue empty: it waits for its next poll (every 2 s).
    await matched(await store(1_111_100));
    await new Promise((r) => setTimeout(r, 300));
    const queued = Date.now();
    const second = await store(2_222_200);
    expect((await matched(second)).some((m) => m.pid === second)).toBe(true);
    expect(Date.now() - queued).toBeLessThan(1_000);
  });

  it("runs a full pass for the mode on request; repeated requests collapse into one queued job", { timeout: 30_000 }, async () => {
    const pid = await addIntent(test.db, { status: "succeeded" });
    const ref = await addTransfer(test.db, { paymentIntentId: pid });
    await enqueueReconcile(worker.boss, { mode: "test" });
    await enqueueReconcile(worker.boss, { mode: "test" });
    const rows = await eventually(() => matchesOf(test.db), (r) => r.some((m) => m.rule === "linked_by_service"));
    expect(rows.filter((m) => m.rule === "linked_by_service")).toMatchObject([{ state: "confirmed", pid, refs: [ref] }]);
    const [jobs] = await test.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = 'reconcile'`);
    expect(jobs!.n).toBeLessThanOrEqual(2);
  });

  it("a transfer delivered by webhook is matched by the scoped pass its delivery queued", { timeout: 30_000 }, async () => {
    const customer = await addCustomer(test.db, { phone: "+506 8888 7777", name: "Ana Mora Vargas" });
    const delivered = transfer("2026112115150009999999999", 2_345_600);
    const pid = await addIntent(test.db, { customerId: customer, amount: 2_345_600, createdAt: hoursAfter(-3, new Date(delivered.data.authorizationDate)) });
    const { response, queued } = await deliver(delivered);
    expect(response.status).toBe(200);
    expect(queued).toEqual([{ refs: [delivered.data.SINPERefNumber], intentIds: [] }]);
    const rows = await eventually(() => matchesOf(test.db), (r) => r.some((m) => m.pid === pid));
    expect(rows.filter((m) => m.pid === pid)).toMatchObject([{ state: "suggested", rule: "amount_and_sender", refs: [delivered.data.SINPERefNumber] }]);
  });

  it("an intent delivered by webhook gets the suggestions of the scoped pass its delivery queued, which no sync pass queues", { timeout: 30_000 }, async () => {
    // A transfer naming the intent in its description, there before the intent: a full pass leaves it unmatched.
    const ref = await addTransfer(test.db, { description: "Pago de pi_hooked7", amount: 1_500_000 });
    await runReconciliation(test.db, "test");
    expect((await matchesOf(test.db)).filter((m) => m.refs.includes(ref))).toEqual([]);
    // The intent arrives by webhook. The sync that reads it later finds the row it would write already there and writes
    // nothing, so queues nothing: the delivery's own pass is the only one that reads it before the next full pass.
    const delivered = deferred("pi_hooked7");
    const { response, queued } = await deliver(delivered);
    expect(response.status).toBe(200);
    expect(queued).toEqual([{ refs: [], intentIds: ["pi_hooked7"] }]);
    const rows = await eventually(() => matchesOf(test.db), (r) => r.some((m) => m.pid === "pi_hooked7"));
    expect(rows.filter((m) => m.pid === "pi_hooked7")).toMatchObject([{ state: "suggested", rule: "reference_in_description", refs: [ref] }]);
  });

  it("a sync pass queues a pass scoped to the rows it wrote, and a full pass only past the limit", { timeout: 30_000 }, async () => {
    const count = async (name: string) =>
      (await test.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = ${name} and state in ('created', 'retry', 'active', 'completed')`))[0]!.n;
    const after = (resource: SyncResource, written: string[] | null, completedCopy = false) => test.db.transaction((tx) => enqueueReconcileAfterSync(worker.boss, tx, { mode: "test", resource, written, completedCopy }));
    // Until every copy the rules read is complete, no pass at all: it would show a partial result as the whole.
    await completeCopies(["transfers", "payments"]);
    const [full, scoped] = [await count("reconcile"), await count("reconcile-transfers")];
    expect(await after("transfers", ["20261118000000000000000001"])).toBeNull();
    expect(await after("payments", null, true)).toBeNull();
    expect([await count("reconcile"), await count("reconcile-transfers")]).toEqual([full, scoped]);

    await completeCopies(["customers"]);
    await after("transfers", ["20261118000000000000000001"]);
    await after("renewals", ["in_1"]);
    await after("payments", []);
    expect([await count("reconcile"), await count("reconcile-transfers")]).toEqual([full, scoped + 1]);
    const [job] = await test.db.execute<{ data: unknown }>(sql`select data from pgboss.job where name = 'reconcile-transfers' order by created_on desc limit 1`);
    expect(job!.data).toEqual({ mode: "test", refs: ["20261118000000000000000001"] });
    await after("payments", null);
    expect(await count("reconcile")).toBe(full + 1);
  });

  it("the backfill that completes the last copy the rules read queues a full pass, even of few rows", { timeout: 30_000 }, async () => {
    const fullJobs = async () => (await test.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = 'reconcile' and state in ('created', 'retry', 'active', 'completed')`))[0]!.n;
    // The previous test's full pass done first: the stately queue keeps one queued per mode.
    await eventually(() => test.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = 'reconcile' and state in ('created', 'retry')`), ([row]) => row!.n === 0);
    const before = await fullJobs();
    await test.db.transaction((tx) => enqueueReconcileAfterSync(worker.boss, tx, { mode: "test", resource: "customers", written: ["cus_1"], completedCopy: true }));
    expect(await fullJobs()).toBe(before + 1);
  });
});
