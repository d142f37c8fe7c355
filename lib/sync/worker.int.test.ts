import { spawn, type ChildProcess } from "node:child_process";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODES } from "@/lib/env-schema";
import { freshTestDatabase } from "@/scripts/test/database";
import { SANDBOX_TEST_KEYS } from "@/sandbox/conformance/target";
import type { RunningSandbox } from "@/sandbox/server";
import { SYNC_RESOURCES } from "./resources";
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

type Run = { job_id: string | null; mode: string; resource: string; kind: string; worker: string; started_at: Date; finished_at: Date | null; outcome: string };

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

    const runs = (await test.db.execute<Run>(sql`select job_id, mode, resource, kind, worker, started_at, finished_at, outcome from sync_runs order by started_at`)) as Run[];
    // Each job ran exactly once.
    const jobIds = runs.map((r) => r.job_id);
    expect(jobIds.every(Boolean)).toBe(true);
    expect(new Set(jobIds).size).toBe(jobIds.length);
    // Both processes took jobs (two different workers in the log), and every run succeeded.
    expect(new Set(runs.map((r) => r.worker)).size).toBe(2);
    expect(runs.filter((r) => r.outcome !== "succeeded")).toEqual([]);
    for (const mode of MODES) {
      for (const resource of SYNC_RESOURCES) {
        const mine = runs.filter((r) => r.mode === mode && r.resource === resource);
        // One backfill per key, though both workers asked for one at start.
        expect(mine.filter((r) => r.kind === "backfill"), `${mode} ${resource}`).toHaveLength(1);
        // Never two runs of one key at the same time.
        for (let i = 1; i < mine.length; i++) expect(new Date(mine[i]!.started_at).getTime()).toBeGreaterThanOrEqual(new Date(mine[i - 1]!.finished_at!).getTime());
        expect(await localChecksum(test.db, mode, resource)).toEqual(remoteChecksum(sandbox, mode, resource));
      }
    }
    // Every job the queue accepted is one logged run: none ran twice, none was retried because its key was busy.
    const jobs = (await test.db.execute<{ key: string; n: number; retries: number }>(
      sql`select singleton_key as key, count(*)::int as n, sum(retry_count)::int as retries from pgboss.job where name = 'sync' group by singleton_key`,
    )) as { key: string; n: number; retries: number }[];
    expect(jobs).toHaveLength(MODES.length * SYNC_RESOURCES.length);
    for (const job of jobs) {
      expect(job.retries, job.key).toBe(0);
      expect(job.n, job.key).toBe(runs.filter((r) => `${r.mode}.${r.resource}` === job.key).length);
    }
    // The schedules exist once, however many workers registered them.
    const [schedules] = (await test.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.schedule where name = 'sync'`)) as { n: number }[];
    expect(schedules!.n).toBe(MODES.length * SYNC_RESOURCES.length + MODES.length * 4);
  });
});
