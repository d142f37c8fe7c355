import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshTestDatabase } from "@/scripts/test/database";
import { SANDBOX_TEST_KEYS } from "@/sandbox/conformance/target";
import type { RunningSandbox } from "@/sandbox/server";
import { createPaymentClient } from "@/lib/payments/client";
import { SYNC_RESOURCES } from "@/lib/sync/resources";
import { runSync } from "@/lib/sync/run";
import { remoteChecksum, sandboxClient, startTestSandbox } from "@/lib/sync/test-support";
import { listSyncStatus } from "./sync-status";

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
});
