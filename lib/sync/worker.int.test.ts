import { spawn, type ChildProcess } from "node:child_process";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODES } from "@/lib/env-schema";
import { freshTestDatabase } from "@/scripts/test/database";
import { SANDBOX_TEST_KEYS } from "@/sandbox/conformance/target";
import type { RunningSandbox } from "@/sandbox/server";
import { SYNC_RESOURCES } from "./resources";
import { runLogProblems, type LoggedRun, type QueuedJobs } from "./run-log";
import { localChecksum, remoteChecksum, startTestSandbox } from "./test-support";

// Two `npm run worker` processes against one database: pg-boss's stately queue must run each (mode, resource) job
// once, never two of one key at a time; the run log (sync_runs) is the proof.

const test = freshTestDatabase();
let sandbox: RunningSandbox;
const workers: ChildProcess[] = [];
const output: string[] = [];

function startWorker() {
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", "scripts/worker.ts"], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: test.url,
      PAYMENT_API_URL: sandbox.url,
      PAYMENT_SECRET_KEY_TEST: SANDBOX_TEST_KEYS.secret.test,
      PAYMENT_SECRET_KEY_LIVE: SANDBOX_TEST_KEYS.secret.live,
      LOG_LEVEL: "warn",
      NODE_ENV: "development",
    } as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  workers.push(child);
}

beforeAll(async () => {
  // A little latency, so that passes last long enough for the two workers to contend for the same keys.
  sandbox = await startTestSandbox({ latencyMs: 5 });
});
afterAll(async () => {
  await Promise.all(
    workers.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : (child.once("exit", resolve), child.kill("SIGTERM"))))),
  );
  await sandbox.stop();
});


describe("two workers against one database", () => {
  it("run each sync job once, one at a time per (mode, resource), and the copy ends complete", { timeout: 120_000 }, async () => {
    startWorker();
    startWorker();
    const expected = MODES.length * SYNC_RESOURCES.length;
    const deadline = Date.now() + 100_000;
    let complete = 0;
    while (Date.now() < deadline) {
      const [row] = (await test.db.execute<{ n: number }>(sql`select count(*)::int as n from sync_state where last_complete_at is not null and phase = 'idle'`)) as { n: number }[];
      complete = row!.n;
      if (complete === expected) {
        const [waiting] = (await test.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = 'sync' and state in ('created', 'active', 'retry')`)) as { n: number }[];
        if (waiting!.n === 0) break;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(complete, output.join("")).toBe(expected);

    const runs = (await test.db.execute<LoggedRun>(sql`select job_id, mode, resource, kind, worker, started_at, finished_at, outcome from sync_runs order by started_at`)) as LoggedRun[];
    const jobs = (await test.db.execute<QueuedJobs>(
      sql`select singleton_key as key, count(*)::int as n, sum(retry_count)::int as retries from pgboss.job where name = 'sync' group by singleton_key`,
    )) as QueuedJobs[];
    const keys = MODES.flatMap((mode) => SYNC_RESOURCES.map((resource) => ({ mode, resource })));
    // Each job ran once, one backfill per key though both workers asked for one, never two runs of one key at once.
    expect(runLogProblems(runs.map((run) => ({ ...run, started_at: new Date(run.started_at), finished_at: run.finished_at && new Date(run.finished_at) })), jobs, keys)).toEqual([]);
    // Both processes took jobs (two different workers in the log).
    expect(new Set(runs.map((r) => r.worker)).size).toBe(2);
    for (const { mode, resource } of keys) expect(await localChecksum(test.db, mode, resource)).toEqual(remoteChecksum(sandbox, mode, resource));
    // The schedules exist once, however many workers registered them.
    const [schedules] = (await test.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.schedule where name = 'sync'`)) as { n: number }[];
    // Per mode and resource an incremental pass, and a re-read: of what can change (payments, transfers, renewals,
    // accounts) every few minutes, or the whole list once a day (customers, subscriptions).
    expect(schedules!.n).toBe(MODES.length * SYNC_RESOURCES.length * 2);
    const daily = (await test.db.execute<{ key: string; data: object; cron: string }>(
      sql`select key, data, cron from pgboss.schedule where name = 'sync' and key like '%.daily' order by key`,
    )) as { key: string; data: object; cron: string }[];
    expect(daily).toEqual(
      MODES.flatMap((mode) => ["customers", "subscriptions"].map((resource) => ({ key: `${mode}.${resource}.daily`, data: { mode, resource, full: true }, cron: "17 9 * * *" }))).sort((a, b) => a.key.localeCompare(b.key)),
    );
  });
});
