import { randomBytes } from "node:crypto";
import path from "node:path";
import { expect, test } from "@playwright/test";
import postgres from "postgres";
import { runMigrations } from "../scripts/lib/migrate";
import { createDatabase, dropDatabase, findFreePort } from "../scripts/lib/postgres";
import { runLogProblems, type LoggedRun, type QueuedJobs } from "../lib/sync/run-log";
import { startSandbox, type RunningSandbox } from "../sandbox/server";
import { startAppServer, type AppServer } from "./app-server";
import { E2E_DIR, E2E_PORT, e2eState } from "./state";

// Two production app servers (`scripts/server.mjs`, as `npm start` runs it) started together against one database,
// each with the sync worker its instrumentation boots: pg-boss's stately queue must run each sync job once, never
// two of one (mode, resource) at a time, and the copy must end complete. The run log (sync_runs) is the proof.

test.describe.configure({ timeout: 150_000 });

const MODES = ["test", "live"] as const;
const RESOURCES = ["payments", "transfers", "renewals", "subscriptions", "customers", "accounts"] as const;
// The sandbox's collection and the local table of each resource, to compare counts.
const COPIES = {
  payments: ["paymentIntents", "payment_intents"],
  transfers: ["mobileTransfers", "mobile_transfers"],
  renewals: ["renewals", "renewals"],
  subscriptions: ["subscriptions", "subscriptions"],
  customers: ["customers", "customers"],
  accounts: ["connectedAccounts", "connected_accounts"],
} as const;

const random = () => randomBytes(18).toString("base64url");

let sandbox: RunningSandbox | undefined;
let sql: postgres.Sql | undefined;
const apps: AppServer[] = [];
let cleanup = async () => {};

test.afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()));
  await sql?.end();
  await sandbox?.stop();
  await cleanup();
});

test("two app servers started together run each sync job once, one at a time per (mode, resource)", async () => {
  const keys = { test: `svc_test_secret_key_${random()}`, live: `svc_live_secret_key_${random()}` };
  // Some latency, so passes last long enough for the two workers to contend for the same keys.
  sandbox = await startSandbox({
    port: 0,
    seed: "e2e-sync-instances",
    scale: 0.05,
    now: new Date(),
    dataDir: null,
    webhooks: {},
    latencyMs: 20,
    keys: { secret: keys, publishable: { test: `svc_test_publishable_key_${random()}`, live: `svc_live_publishable_key_${random()}` } },
  });
  const server = new URL(e2eState().databaseUrl);
  server.pathname = "/postgres";
  const database = `bo_e2e_instances_${process.pid}_${Date.now()}`;
  const databaseUrl = await createDatabase(server.toString(), database);
  cleanup = () => dropDatabase(server.toString(), database).catch(() => {});
  await runMigrations(databaseUrl);
  sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });

  const env = {
    SYNC_WORKER: "true",
    DATABASE_URL: databaseUrl,
    PAYMENT_API_URL: sandbox.url,
    PAYMENT_SECRET_KEY_TEST: keys.test,
    PAYMENT_SECRET_KEY_LIVE: keys.live,
    WEBHOOK_SECRET_TEST: `whsec_test_${random()}`,
    WEBHOOK_SECRET_LIVE: `whsec_live_${random()}`,
    AUTH_SECRET: randomBytes(32).toString("base64url"),
  };
  const ports = [await findFreePort(E2E_PORT + 80), await findFreePort(E2E_PORT + 90)];
  apps.push(
    ...(await Promise.all(ports.map((port, i) => startAppServer({ port, env, logFile: path.join(E2E_DIR, `sync-instance-${i + 1}.log`) })))),
  );

  const expected = MODES.length * RESOURCES.length;
  await expect
    .poll(
      async () => {
        const [complete] = await sql!`select count(*)::int as n from sync_state where last_complete_at is not null and phase = 'idle'`;
        if (complete!.n < expected) return false;
        const [waiting] = await sql!`select count(*)::int as n from pgboss.job where name = 'sync' and state in ('created', 'active', 'retry')`;
        return waiting!.n === 0;
      },
      { timeout: 120_000, intervals: [500] },
    )
    .toBe(true);

  const runs = await sql<LoggedRun[]>`select job_id, mode, resource, kind, worker, started_at, finished_at, outcome from sync_runs order by started_at, id`;
  const jobs = await sql<QueuedJobs[]>`select singleton_key as key, count(*)::int as n, sum(retry_count)::int as retries from pgboss.job where name = 'sync' group by singleton_key`;
  const pairs = MODES.flatMap((mode) => RESOURCES.map((resource) => ({ mode, resource })));
  // Each job ran once, one backfill per key though both apps asked for one at start, never two runs of one key at once.
  expect(runLogProblems(runs, jobs, pairs)).toEqual([]);
  // Both app processes took jobs (two different workers in the log).
  expect(new Set(runs.map((run) => run.worker)).size).toBe(2);
  for (const { mode, resource } of pairs) {
    const [collection, table] = COPIES[resource];
    const [local] = await sql.unsafe(`select count(*)::int as n from ${table} where mode = $1`, [mode]);
    expect(local!.n, `${mode} ${resource}`).toBe(sandbox.store.collection(mode, collection as "customers").all().length);
  }
});
