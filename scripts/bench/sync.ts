// npm run bench:sync — the sync's backfill against a scale-10 sandbox (about 200,000 intents and 50,000 transfers) on
// PostgreSQL (DATABASE_URL, else embedded). For each API latency (0 and 50 ms, SANDBOX_LATENCY_MS), in one run:
// fetch-only rows/s (the same pages fetched and parsed, nothing written) and backfill rows/s (fetch, parse, upsert,
// checkpoint). Then an incremental pass with nothing new (API calls per resource) and the peak RSS growth of this
// process over the backfill. Targets: backfill >= 80 % of fetch-only; <= 2 calls per resource; RSS growth < 100 MB.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { connectDatabase } from "@/db";
import { createPaymentClient, type PaymentClient } from "@/lib/payments/client";
import { fetchSyncPage } from "@/lib/sync/fetch";
import { parseSyncPage } from "@/lib/sync/page";
import { RESOURCES, SYNC_RESOURCES, type SyncResource } from "@/lib/sync/resources";
import { runSync } from "@/lib/sync/run";
import { DATA_DIR } from "../lib/dev-state";
import { runMigrations } from "../lib/migrate";
import { createDatabase, dropDatabase, ensurePostgres, findFreePort } from "../lib/postgres";

const SCALE = Number(process.env.BENCH_SYNC_SCALE ?? 10);
const LATENCIES = (process.env.BENCH_SYNC_LATENCIES ?? "0,50").split(",").map(Number);
const KEY = "svc_test_secret_key_sandbox_bench";
const BIG: SyncResource[] = ["payments", "transfers"];

function startSandbox(port: number, latencyMs: number, dataDir: string): ChildProcess {
  return spawn(process.execPath, ["sandbox/launch.mjs"], {
    env: {
      ...process.env,
      SANDBOX_PORT: String(port),
      SANDBOX_SCALE: String(SCALE),
      SANDBOX_LATENCY_MS: String(latencyMs),
      SANDBOX_DATA_DIR: dataDir,
      SANDBOX_SECRET_KEY_TEST: KEY,
      SANDBOX_WEBHOOK_URL_TEST: "off",
      SANDBOX_WEBHOOK_URL_LIVE: "off",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function waitFor(url: string) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (await fetch(url, { headers: { authorization: `Bearer ${KEY}` } }).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no answer from ${url}`);
}

function counted(baseUrl: string) {
  const counter = { calls: 0 };
  const client: PaymentClient = createPaymentClient({
    baseUrl,
    secretKey: KEY,
    logger: () => {},
    timeoutMs: 60_000,
    fetch: (input, init) => {
      counter.calls++;
      return fetch(input, init);
    },
  });
  return { client, counter };
}

/** Pages through the whole list, parsing each page as the sync does, writing nothing; the next fetch starts at once. */
async function fetchOnly(client: PaymentClient, resource: SyncResource): Promise<number> {
  const def = RESOURCES[resource];
  let rows = 0;
  let next: string | undefined;
  do {
    const page = parseSyncPage(def, await fetchSyncPage(client, def, { startingAfter: next }), "test", new Date());
    rows += page.rows.length;
    next = page.next;
  } while (next);
  return rows;
}

const rate = (rows: number, ms: number) => Math.round(rows / (ms / 1000));
const fmt = (n: number) => n.toLocaleString("en");

async function main() {
  const server = await ensurePostgres({ dataDir: path.join(DATA_DIR, "pg-bench"), preferredPort: 54350 });
  const database = `bench_sync_${process.pid}`;
  const url = await createDatabase(server.url, database);
  await runMigrations(url);
  const { db, client: pg } = connectDatabase(url, { max: 4 });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-sync-"));
  console.log(`bench:sync — sandbox scale ${SCALE}, PostgreSQL ${process.env.DATABASE_URL ? "from DATABASE_URL" : "embedded"}, ${os.cpus().length} cores`);
  try {
    for (const latency of LATENCIES) {
      const port = await findFreePort(45000 + latency);
      const sandbox = startSandbox(port, latency, path.join(dataDir, `l${latency}`));
      const baseUrl = `http://127.0.0.1:${port}`;
      try {
        await waitFor(`${baseUrl}/v1/customers?limit=1`);
        console.log(`\nAPI latency ${latency} ms`);
        console.log("  resource     rows       fetch-only rows/s   backfill rows/s   ratio   peak RSS growth");
        for (const resource of BIG) {
          const { client } = counted(baseUrl);
          let started = performance.now();
          const fetched = await fetchOnly(client, resource);
          const fetchMs = performance.now() - started;

          await db.execute(sql.raw(resource === "payments" ? "truncate payment_intents" : "truncate mobile_transfers"));
          await db.execute(sql`delete from sync_state where resource = ${resource}`);
          global.gc?.();
          const baseline = process.memoryUsage().rss;
          let peak = baseline;
          const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
          started = performance.now();
          const result = await runSync({ db, client, mode: "test", resource, full: true });
          const syncMs = performance.now() - started;
          clearInterval(sampler);
          if (result.error) throw new Error(`${resource}: ${result.error}`);
          const fetchRate = rate(fetched, fetchMs);
          const syncRate = rate(result.rows, syncMs);
          console.log(
            `  ${resource.padEnd(12)} ${fmt(result.rows).padStart(8)}   ${fmt(fetchRate).padStart(17)}   ${fmt(syncRate).padStart(15)}   ${`${Math.round((syncRate / fetchRate) * 100)} %`.padStart(5)}   ${((peak - baseline) / 1024 / 1024).toFixed(0).padStart(6)} MB`,
          );
        }
        if (latency === LATENCIES[0]) {
          for (const resource of SYNC_RESOURCES.filter((r) => !BIG.includes(r))) {
            const { client } = counted(baseUrl);
            const result = await runSync({ db, client, mode: "test", resource });
            if (result.error) throw new Error(`${resource}: ${result.error}`);
          }
          const calls: string[] = [];
          for (const resource of SYNC_RESOURCES) {
            const { client, counter } = counted(baseUrl);
            const result = await runSync({ db, client, mode: "test", resource });
            if (result.error || result.kind !== "incremental") throw new Error(`${resource}: ${result.error ?? result.kind}`);
            calls.push(`${resource} ${counter.calls}`);
          }
          console.log(`  incremental pass with nothing new, API calls: ${calls.join(", ")}`);
        }
      } finally {
        sandbox.kill("SIGTERM");
      }
    }
  } finally {
    await pg.end();
    await dropDatabase(server.url, database);
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
