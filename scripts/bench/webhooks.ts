// npm run bench:webhooks — webhook ingestion on a production build against PostgreSQL (DATABASE_URL, else embedded).
// Prints, from one run: (a) the framework floor (a route that only reads the body), (b) single-row inserts straight
// through postgres.js, and the ingestion itself: 32 senders of realistic events of all seven types, 5% duplicates.
// Targets: ingestion >= 50% of (a), p99 < 80 ms, zero lost (unique events sent = rows stored).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import http from "node:http";
import path from "node:path";
import postgres from "postgres";
import * as events from "../../lib/webhooks/test-events";
import { DATA_DIR } from "../lib/dev-state";
import { nextStartArgs } from "../lib/server-node";
import { runMigrations } from "../lib/migrate";
import { createDatabase, dropDatabase, ensurePostgres, findFreePort } from "../lib/postgres";
import { buildUnlessSkipped } from "./build";
import { cpuSeconds, postgresCpuSeconds } from "./cpu";

const SENDERS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const FLOOR_SECONDS = Math.min(SECONDS, 10);
const SECRET = `whsec_bench_${randomBytes(12).toString("hex")}`;
const agent = new http.Agent({ keepAlive: true, maxSockets: SENDERS });

let counter = 0;
/** A fresh event of one of the seven types, unique by construction (its dedupe key never repeats). */
function uniqueEvent(): string {
  const n = ++counter;
  const id = `pi_bench_${n}`;
  const ref = String(n).padStart(25, "0");
  const at = new Date(Date.UTC(2026, 10, 1) + n * 1000).toISOString();
  switch (n % 7) {
    case 0: return JSON.stringify(events.succeeded(id, at));
    case 1: return JSON.stringify(events.deferred(id, at));
    case 2: return JSON.stringify(events.failed(id, at));
    case 3: return JSON.stringify(events.transfer(ref, 100_000 + n));
    case 4: return JSON.stringify(events.renewalFailed(`sub_bench_${n}`, 1 + (n % 3)));
    case 5: return JSON.stringify(events.renewalSucceeded(`sub_bench_${n}`));
    default: return JSON.stringify(events.checkout(`https://checkout.example/cs_bench_${n}`));
  }
}

function post(port: number, pathname: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, path: pathname, method: "POST", agent, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), "x-webhook-secret": SECRET } },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

type Run = { requests: number; errors: number; latencies: number[]; seconds: number };

// The type of the delivery each sender is sending now, so the ingestion's latencies can be split by event type.
const current: string[] = [];
const byType = new Map<string, number[]>();

async function load(seconds: number, send: (sender: number) => Promise<boolean>, recordTypes = false): Promise<Run> {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: SENDERS }, async (_, sender) => {
      while (performance.now() < deadline) {
        const t = performance.now();
        const ok = await send(sender).catch(() => false);
        const took = performance.now() - t;
        latencies.push(took);
        if (recordTypes) {
          const list = byType.get(current[sender]!) ?? [];
          list.push(took);
          byType.set(current[sender]!, list);
        }
        if (!ok) errors++;
      }
    }),
  );
  return { requests: latencies.length, errors, latencies: latencies.sort((a, b) => a - b), seconds: (performance.now() - started) / 1000 };
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const report = (label: string, run: Run) =>
  console.log(
    `${label.padEnd(34)} ${(run.requests / run.seconds).toFixed(0).padStart(6)} /s   p50 ${pct(run.latencies, 50).toFixed(1)} ms   p99 ${pct(run.latencies, 99).toFixed(1)} ms   errors ${run.errors}`,
  );

async function main() {
  buildUnlessSkipped();
  const server = await ensurePostgres({ dataDir: path.join(DATA_DIR, "pg-bench"), preferredPort: 54350 });
  const database = `bench_webhooks_${process.pid}`;
  const url = await createDatabase(server.url, database);
  await runMigrations(url);
  const port = await findFreePort(3300);
  const app = spawn(process.execPath, nextStartArgs(port), {
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      DATABASE_URL: url,
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      WEBHOOK_SECRET_TEST: SECRET,
      // Webhooks call no Payment Service, but production refuses to start without its URL (it would default to the
      // development sandbox); nothing listens here. Without it the app exited at once and every request failed.
      PAYMENT_API_URL: "http://127.0.0.1:9",
      BENCH_FLOOR_ROUTE: "1",
      SYNC_WORKER: "false",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let exited: number | null = null;
  app.on("exit", (code) => (exited = code ?? -1));
  const sql = postgres(url, { max: SENDERS, onnotice: () => {} });
  try {
    let up = false;
    for (let i = 0; i < 600 && exited === null && !up; i++) {
      up = (await post(port, "/api/bench/floor", "{}").catch(() => 0)) === 200;
      if (!up) await new Promise((r) => setTimeout(r, 100));
    }
    if (!up) throw new Error(exited === null ? "the app did not answer within 60 s" : `the app exited (code ${exited}) before answering: see its output above`);
    console.log(`PostgreSQL: ${server.embedded ? "embedded" : "DATABASE_URL"}; ${SENDERS} senders; ingestion ${SECONDS} s, floors ${FLOOR_SECONDS} s each`);
    await load(3, async () => (await post(port, "/api/bench/floor", uniqueEvent())) === 200);
    const floor = await load(FLOOR_SECONDS, async () => (await post(port, "/api/bench/floor", uniqueEvent())) === 200);
    report("(a) framework floor (read, 200)", floor);

    await sql`create table bench_inserts (id bigserial primary key, body jsonb not null)`;
    const inserts = await load(FLOOR_SECONDS, async () => {
      await sql`insert into bench_inserts (body) values (${uniqueEvent()}::jsonb)`;
      return true;
    });
    report("(b) postgres.js single-row inserts", inserts);

    counter = 1_000_000; // fresh keys for the ingestion run
    await load(3, async () => (await post(port, "/api/webhooks/test", uniqueEvent())) === 200);
    const before = (await sql<{ n: number }[]>`select count(*)::int as n from webhook_events`)[0]!.n;
    const sent: string[] = [];
    let duplicatesSent = 0;
    const cpuBefore = { app: cpuSeconds(app.pid!), db: postgresCpuSeconds(), self: process.cpuUsage() };
    const ingestion = await load(SECONDS, async (sender) => {
      // 5% of deliveries repeat an event already sent, as a retrying sender would.
      const duplicate = sent.length > 0 && Math.random() < 0.05;
      const body = duplicate ? sent[Math.floor(Math.random() * sent.length)]! : uniqueEvent();
      if (duplicate) duplicatesSent++;
      else sent.push(body);
      current[sender] = duplicate ? "(duplicate)" : (/"type":"([^"]+)"/.exec(body)?.[1] ?? "?");
      return (await post(port, "/api/webhooks/test", body)) === 200;
    }, true);
    report("ingestion (store, dedupe, project)", ingestion);
    for (const [type, latencies] of [...byType].sort()) {
      latencies.sort((a, b) => a - b);
      console.log(`  ${type.padEnd(32)} ${String(latencies.length).padStart(6)} sent   p50 ${pct(latencies, 50).toFixed(1)} ms   p99 ${pct(latencies, 99).toFixed(1)} ms`);
    }
    const self = process.cpuUsage(cpuBefore.self);
    const perEvent = (seconds: number) => ((seconds * 1000) / ingestion.requests).toFixed(2);
    console.log(
      `CPU per delivery: app ${perEvent(cpuSeconds(app.pid!) - cpuBefore.app)} ms, PostgreSQL ${perEvent(postgresCpuSeconds() - cpuBefore.db)} ms, load generator ${perEvent((self.user + self.system) / 1e6)} ms (2 cores in all)`,
    );
    const [totals] = await sql<{ n: number; dups: number; invalid: number }[]>`
      select count(*)::int as n, coalesce(sum(duplicate_count), 0)::int as dups,
             count(*) filter (where status <> 'processed')::int as invalid
      from webhook_events`;
    const { n: after, dups, invalid } = totals!;
    const stored = after - before;
    console.log(`unique events sent ${sent.length}, rows stored ${stored}, lost ${sent.length - stored}; duplicates sent ${duplicatesSent}, counted ${dups}; not processed ${invalid}`);
    console.log(`ingestion / floor (a): ${((ingestion.requests / ingestion.seconds / (floor.requests / floor.seconds)) * 100).toFixed(0)}% (target >= 50%); p99 target < 80 ms`);
  } finally {
    await sql.end();
    app.kill("SIGTERM");
    await dropDatabase(server.url, database).catch(() => {});
    await server.stop();
    agent.destroy();
  }
}

await main();
