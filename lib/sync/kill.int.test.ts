import { spawn } from "node:child_process";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getSyncState } from "@/db/queries/sync";
import { freshTestDatabase } from "@/scripts/test/database";
import { runSync } from "./run";
import { localChecksum, remoteChecksum, sandboxClient, sandboxForTheseTests, syncCli } from "./test-support";

// `npm run sync` killed with SIGKILL in the middle of a backfill, then run again: it resumes from its last checkpoint
// (no waiting out the dead process's lease) and ends equal to the sandbox, with no duplicate.

const test = freshTestDatabase();
// Slow pages, so that the kill lands mid-way.
const sandbox = sandboxForTheseTests({ latencyMs: 80 });

describe("a sync killed mid-way", () => {
  it("resumes after its last checkpoint and ends equal, with no duplicate", { timeout: 60_000 }, async () => {
    const [command, args, env] = syncCli(sandbox.current, test.url, ["--mode", "test", "--resource", "payments"]);
    const child = spawn(command, args, { env, stdio: "ignore" });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const state = await getSyncState(test.db, "test", "payments");
      if ((state?.rowsDone ?? 0) >= 300) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    child.kill("SIGKILL");
    await exited;
    const cut = await getSyncState(test.db, "test", "payments");
    expect(cut).toMatchObject({ phase: "running", kind: "backfill" });
    expect(cut!.cursor).toBeTruthy();
    const total = remoteChecksum(sandbox.current, "test", "payments").count;
    expect(cut!.rowsDone).toBeLessThan(total);

    let calls = 0;
    const resumed = await runSync({ db: test.db, client: sandboxClient(sandbox.current, "test", () => calls++), mode: "test", resource: "payments" });
    expect(resumed.error).toBeUndefined();
    expect(resumed.kind).toBe("backfill");
    expect(calls).toBe(Math.ceil((total - cut!.rowsDone) / 100));
    expect(await localChecksum(test.db, "test", "payments")).toEqual(remoteChecksum(sandbox.current, "test", "payments"));
    const runs = (await test.db.execute<{ outcome: string }>(sql`select outcome from sync_runs order by id`)) as { outcome: string }[];
    expect(runs.map((r) => r.outcome)).toEqual(["running", "succeeded"]);
  });
});
