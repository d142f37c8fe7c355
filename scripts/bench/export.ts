// npm run bench:export — the CSV export of a large list on a production build: every payment intent of a sandbox at
// scale 1 (~20,000 one-off intents plus those of renewals) through GET /api/export/payments, read as fast as it comes.
// Prints rows/s, total time and how much the server process's resident memory grew at its peak, next to the file's
// size: streaming page by page should keep that growth flat, far below the file. PostgreSQL: DATABASE_URL, else embedded.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createRecordCounter } from "../../lib/csv/count-records";
import { startSandbox } from "../../sandbox/server";
import { DATA_DIR } from "../lib/dev-state";
import { runMigrations } from "../lib/migrate";
import { createDatabase, dropDatabase, ensurePostgres, findFreePort } from "../lib/postgres";
import { printedPassword, runScript } from "../lib/run-script";
import { nextStartArgs } from "../lib/server-node";
import { buildUnlessSkipped } from "./build";
import { signIn } from "./sign-in";

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const key = (mode: string, kind: string) => `svc_${mode}_${kind}_key_bench_${randomBytes(12).toString("hex")}`;

/** Resident memory of a process and its descendants (Linux /proc), in MiB. */
function treeRssMb(root: number): number {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      parents.set(Number(entry), Number(readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]!.split(" ")[1]));
    } catch {}
  }
  const tree = new Set([root]);
  for (let size = 0; size !== tree.size; ) {
    size = tree.size;
    for (const [pid, parent] of parents) if (tree.has(parent)) tree.add(pid);
  }
  let kb = 0;
  for (const pid of tree) {
    try {
      kb += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    } catch {}
  }
  return kb / 1024;
}

type Run = { rows: number; total: number; bytes: number; seconds: number; peakMb: number };

/** One export read to its end while the server's memory is sampled every 10 ms. */
async function measure(url: string, cookie: string, pid: number): Promise<Run> {
  let peakMb = treeRssMb(pid);
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, treeRssMb(pid))), 10);
  const started = performance.now();
  try {
    const response = await fetch(url, { headers: { cookie } });
    if (!response.ok || !response.body) throw new Error(`export answered HTTP ${response.status}: ${await response.text()}`);
    const counter = createRecordCounter();
    const decoder = new TextDecoder();
    let records = 0;
    let bytes = 0;
    for await (const chunk of response.body) {
      bytes += chunk.byteLength;
      records = counter.push(decoder.decode(chunk, { stream: true }));
    }
    return { rows: records - 1, total: Number(response.headers.get("x-export-total")), bytes, seconds: (performance.now() - started) / 1000, peakMb };
  } finally {
    clearInterval(sampler);
  }
}

type Setup = { databaseUrl: string; sandboxUrl: string; secretKey: string; email: string; password: string };

/**
 * One `next start` (with `nodeOptions`), signed in, warmed up, then both sizes of the list exported RUNS times each,
 * alternating: if the peak growth stays put while the rows double, memory does not follow the file.
 */
async function phase(title: string, nodeOptions: string, setup: Setup) {
  const port = await findFreePort(3350);
  const app = spawn(process.execPath, nextStartArgs(port, nodeOptions.split(" ").filter(Boolean)), {
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", AUTH_TRUST_HOST: "true", DATABASE_URL: setup.databaseUrl, AUTH_SECRET: randomBytes(32).toString("base64url"), PAYMENT_API_URL: setup.sandboxUrl, PAYMENT_SECRET_KEY_TEST: setup.secretKey, SYNC_WORKER: "false" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 600 && !(await fetch(`${base}/api/health`).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 100));
    const cookie = await signIn(base, setup.email, setup.password);
    // Warm-up: the route compiled, the pools open, the JIT settled.
    await measure(`${base}/api/export/products`, cookie, app.pid!);
    await measure(`${base}/api/export/payments`, cookie, app.pid!);
    await new Promise((r) => setTimeout(r, 2000));
    console.log(`\n${title}`);
    const lists = [
      { label: "payments created from 2026-08-04", url: `${base}/api/export/payments?from=2026-08-04` },
      { label: "payments, all", url: `${base}/api/export/payments` },
    ];
    for (let run = 1; run <= RUNS; run++) {
      for (const list of lists) {
        const before = treeRssMb(app.pid!);
        const result = await measure(list.url, cookie, app.pid!);
        if (result.rows !== result.total) throw new Error(`wrote ${result.rows} rows of ${result.total}`);
        console.log(
          `  ${list.label.padEnd(33)} ${result.rows.toLocaleString("en").padStart(6)} rows (= total), ${(result.bytes / 1024 / 1024).toFixed(1)} MiB in ${result.seconds.toFixed(2)} s: ` +
            `${Math.round(result.rows / result.seconds).toLocaleString("en").padStart(6)} rows/s; server RSS ${before.toFixed(0)} MiB before, peak +${(result.peakMb - before).toFixed(1)} MiB`,
        );
      }
    }
  } finally {
    app.kill("SIGTERM");
  }
}

async function main() {
  buildUnlessSkipped();
  const server = await ensurePostgres({ dataDir: path.join(DATA_DIR, "pg-bench"), preferredPort: 54350 });
  const database = `bench_export_${process.pid}`;
  const databaseUrl = await createDatabase(server.url, database);
  const keys = { secret: { test: key("test", "secret"), live: key("live", "secret") }, publishable: { test: key("test", "publishable"), live: key("live", "publishable") } };
  const seeded = performance.now();
  const sandbox = await startSandbox({ port: 0, seed: "bench", scale: SCALE, now: new Date("2026-11-01T12:00:00.000Z"), dataDir: null, keys, webhooks: {} });
  console.log(`sandbox at scale ${SCALE} seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s; ${RUNS} runs of each size`);
  try {
    await runMigrations(databaseUrl);
    const email = "bench-viewer@example.com";
    const added = await runScript("scripts/operator.ts", ["add", "--email", email, "--name", "Bench Viewer", "--role", "viewer"], { PATH: process.env.PATH, DATABASE_URL: databaseUrl });
    if (added.code !== 0) throw new Error(added.stderr);
    const setup = { databaseUrl, sandboxUrl: sandbox.url, secretKey: keys.secret.test, email, password: printedPassword(added.stdout) };
    await phase("default heap (V8 collects lazily: growth is garbage not yet collected, not the file)", "", setup);
    // The same server held to a small old generation: an export that kept the list would grow it or fail here.
    await phase("old generation capped at 96 MiB (--max-old-space-size=96)", "--max-old-space-size=96", setup);
  } finally {
    await sandbox.stop();
    await dropDatabase(server.url, database).catch(() => {});
    await server.stop();
  }
}

await main();
