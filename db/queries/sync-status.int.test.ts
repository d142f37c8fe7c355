import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshTestDatabase } from "@/scripts/test/database";
import { SANDBOX_TEST_KEYS } from "@/sandbox/conformance/target";
import type { RunningSandbox } from "@/sandbox/server";
import { createPaymentClient, type PaymentClient } from "@/lib/payments/client";
import { SYNC_RESOURCES } from "@/lib/sync/resources";
import { runSync } from "@/lib/sync/run";
import { remoteChecksum, sandboxClient, startTestSandbox } from "@/lib/sync/test-support";
import { desc } from "drizzle-orm";
import type { SyncKind } from "./sync";
import { syncRuns } from "../schema";
import { copyFreshAt, freshAt, listSyncStatus } from "./sync-status";

// The Data sync card's reads, over rows the real sync wrote from the sandbox over HTTP.

const test = freshTestDatabase();
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox.stop();
});

describe("listSyncStatus", () => {
  it("says nothing has run in a mode never synced", async () => {
    const status = await listSyncStatus(test.db, { mode: "live" });
    expect(status.map((s) => s.resource)).toEqual([...SYNC_RESOURCES]);
    for (const s of status) expect(s).toMatchObject({ phase: "idle", localRows: 0, remoteTotal: null, lastCompleteAt: null, lastRun: null });
  });

  it("gives per resource the local rows beside the service's total and the time of the complete pass, in that mode only", async () => {
    const before = new Date();
    for (const resource of ["payments", "transfers"] as const) {
      expect((await runSync({ db: test.db, client: sandboxClient(sandbox, "test"), mode: "test", resource })).error).toBeUndefined();
    }
    const status = await listSyncStatus(test.db, { mode: "test" });
    const payments = status.find((s) => s.resource === "payments")!;
    const total = remoteChecksum(sandbox, "test", "payments").count;
    expect(total).toBeGreaterThan(100);
    expect(payments).toMatchObject({ phase: "idle", kind: "backfill", localRows: total, remoteTotal: total, lastError: null });
    expect(payments.lastCompleteAt!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(payments.lastRun).toMatchObject({ kind: "backfill", outcome: "succeeded", rows: total });
    // Transfers are keyed by SINPE reference: every one of the sandbox's is counted once.
    const transfers = status.find((s) => s.resource === "transfers")!;
    expect(transfers.localRows).toBe(remoteChecksum(sandbox, "test", "transfers").count);
    expect(transfers.lastCompleteAt).not.toBeNull();
    expect(status.find((s) => s.resource === "customers")).toMatchObject({ localRows: 0, lastRun: null });
    // Live mode was not synced: test mode's rows are not counted there.
    expect((await listSyncStatus(test.db, { mode: "live" })).find((s) => s.resource === "payments")).toMatchObject({ localRows: 0, lastRun: null });
  });

  it("shows a refused key as the failed state with its error, and the newest run as failed", async () => {
    const refused = createPaymentClient({ baseUrl: sandbox.url, secretKey: `${SANDBOX_TEST_KEYS.secret.live}_wrong`, logger: () => {} });
    const result = await runSync({ db: test.db, client: refused, mode: "live", resource: "customers" });
    expect(result.keyProblem).toBe(true);
    const customers = (await listSyncStatus(test.db, { mode: "live" })).find((s) => s.resource === "customers")!;
    expect(customers.phase).toBe("failed");
    expect(customers.lastError).toMatch(/refused this mode's key/);
    expect(customers.lastRun).toMatchObject({ outcome: "failed" });
  });

  it("dates the copy by its last successful complete pass: a later failed pass leaves it, an incremental pass alone does not re-read accounts' statuses, a re-read does", async () => {
    const accounts = async () => (await listSyncStatus(test.db, { mode: "test" })).find((s) => s.resource === "accounts")!;
    const lastRunEnd = async () => (await test.db.select({ at: syncRuns.finishedAt }).from(syncRuns).orderBy(desc(syncRuns.id)).limit(1))[0]!.at!;
    const pass = async (client: PaymentClient, kind?: SyncKind) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return runSync({ db: test.db, client, mode: "test", resource: "accounts", kind });
    };
    const good = sandboxClient(sandbox, "test");
    const refused = createPaymentClient({ baseUrl: sandbox.url, secretKey: `${SANDBOX_TEST_KEYS.secret.test}_wrong`, logger: () => {} });

    expect((await pass(good)).error).toBeUndefined();
    const synced = await accounts();
    expect(synced).toMatchObject({ phase: "idle", lastRun: { kind: "backfill", outcome: "succeeded" }, lastSucceeded: { incremental: null, refresh: null } });
    const backfilled = copyFreshAt(synced)!;
    expect(backfilled).toEqual(synced.lastCompleteAt);
    expect(Math.abs(backfilled.getTime() - (await lastRunEnd()).getTime())).toBeLessThan(1000);

    // The next pass fails (the key is refused, as when it is misconfigured): the copy is as fresh as it was.
    expect((await pass(refused)).keyProblem).toBe(true);
    const failed = await accounts();
    expect(failed).toMatchObject({ phase: "failed", lastRun: { kind: "incremental", outcome: "failed" } });
    expect(failed.lastError).toMatch(/refused this mode's key/);
    expect(copyFreshAt(failed)).toEqual(backfilled);
    expect(freshAt([failed])).toEqual(backfilled);

    // An incremental pass reads new accounts only: the statuses of the others are as old as the backfill still.
    expect((await pass(good)).error).toBeUndefined();
    const incremental = await accounts();
    expect(incremental).toMatchObject({ phase: "idle", lastRun: { kind: "incremental", outcome: "succeeded" } });
    expect(incremental.lastSucceeded.incremental).toEqual(await lastRunEnd());
    expect(copyFreshAt(incremental)).toEqual(backfilled);

    // A re-read reads every account again: the copy is fresh as of its end, and stays so when the next pass fails.
    expect((await pass(good, "refresh")).error).toBeUndefined();
    const reread = await lastRunEnd();
    expect(copyFreshAt(await accounts())).toEqual(reread);
    expect((await pass(refused, "refresh")).keyProblem).toBe(true);
    const failedAgain = await accounts();
    expect(failedAgain).toMatchObject({ phase: "failed", lastRun: { kind: "refresh", outcome: "failed" } });
    expect(copyFreshAt(failedAgain)).toEqual(reread);
  });

  it("dates customers (never re-read: nothing of theirs is changeable) by their last incremental pass", async () => {
    const customers = async () => (await listSyncStatus(test.db, { mode: "test" })).find((s) => s.resource === "customers")!;
    expect((await runSync({ db: test.db, client: sandboxClient(sandbox, "test"), mode: "test", resource: "customers" })).error).toBeUndefined();
    const backfilled = copyFreshAt(await customers())!;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await runSync({ db: test.db, client: sandboxClient(sandbox, "test"), mode: "test", resource: "customers" })).error).toBeUndefined();
    const after = await customers();
    expect(after.lastRun).toMatchObject({ kind: "incremental", outcome: "succeeded" });
    expect(copyFreshAt(after)).toEqual(after.lastSucceeded.incremental);
    expect(copyFreshAt(after)!.getTime()).toBeGreaterThan(backfilled.getTime());
  });

  it("has no freshness before a first complete pass, and none for a list whose resources are not all complete", async () => {
    const refused = createPaymentClient({ baseUrl: sandbox.url, secretKey: `${SANDBOX_TEST_KEYS.secret.live}_wrong`, logger: () => {} });
    expect((await runSync({ db: test.db, client: refused, mode: "live", resource: "accounts" })).keyProblem).toBe(true);
    const live = (await listSyncStatus(test.db, { mode: "live" })).find((s) => s.resource === "accounts")!;
    expect(live).toMatchObject({ phase: "failed", lastCompleteAt: null });
    expect(freshAt([live])).toBeNull();
    // Test mode's accounts are complete, its renewals were never synced: together they are not.
    const testMode = await listSyncStatus(test.db, { mode: "test" });
    const pick = (resource: string) => testMode.find((s) => s.resource === resource)!;
    expect(freshAt([pick("accounts")])).not.toBeNull();
    expect(freshAt([pick("accounts"), pick("renewals")])).toBeNull();
  });
});
