// npm run bench:pages — server time, app CPU and HTML size of the shell, list and detail pages on a production build,
// with the sandbox Payment Service answering every API call after an injected 50 ms (BENCH_LATENCY_MS). For each page
// request it records the API calls the page made (the sandbox reports each one) and prints, at p50: the page's time,
// its slowest call, the sum of its calls, and the page's own overhead (page − slowest call); then the app's CPU per
// request and the HTML's size, beside the targets (issue 11). The first row is the floor: a bare Next production app
// (scripts/bench/floor-app: a root layout and a dynamic page rendering a 25-row table), built and started here only.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { DATA_DIR } from "../lib/dev-state";
import { runMigrations } from "../lib/migrate";
import { createDatabase, dropDatabase, ensurePostgres, findFreePort } from "../lib/postgres";
import { printedPassword, runScript } from "../lib/run-script";
import { nextStartArgs, SERVER_NODE_ARGS } from "../lib/server-node";
import { benchAppEnv, startBenchSandbox } from "./bench-sandbox";
import { buildUnlessSkipped } from "./build";
import { cpuSeconds } from "./cpu";
import { signIn } from "./sign-in";

const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 50);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 60);
// Requests per page before measuring: V8 optimises a page's code over its first few dozen requests, and a server that
// has been up a while runs the optimised code. With 3 warm-ups the first measured requests were still the slow ones.
const WARMUP = Number(process.env.BENCH_WARMUP ?? 30);

type Call = { method: string; pathname: string; startedAt: number; ms: number };
type Kind = "floor" | "shell" | "list" | "detail" | "dependent";

/** Issue 11's targets, same run and machine. Lists: CPU at p50 over the run, HTML at 25 rows (the default page size). */
const TARGETS: Record<Kind, { cpu?: number; kB?: number; overhead?: number; slowestPlus?: number }> = {
  floor: {},
  shell: { cpu: 8, kB: 20 },
  list: { cpu: 15, kB: 60, overhead: 20 },
  detail: { slowestPlus: 20 },
  // Its second call needs the first one's answer: the card it fills streams in after the rest of the page.
  dependent: {},
};
const FLOOR_APP = "scripts/bench/floor-app";
// before: from the request to the first API call; after: from the last call's answer to the page's last byte.
type Sample = { page: number; slowest: number; sum: number; calls: number; before: number; after: number };

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function main() {
  buildUnlessSkipped();
  buildUnlessSkipped(FLOOR_APP);
  const server = await ensurePostgres({ dataDir: path.join(DATA_DIR, "pg-bench"), preferredPort: 54350 });
  const database = `bench_pages_${process.pid}`;
  const databaseUrl = await createDatabase(server.url, database);
  await runMigrations(databaseUrl);
  const email = "bench@example.com";
  const added = await runScript("scripts/operator.ts", ["add", "--email", email, "--name", "Bench", "--role", "viewer"], { PATH: process.env.PATH, DATABASE_URL: databaseUrl });
  if (added.code !== 0) throw new Error(added.stderr);
  const password = printedPassword(added.stdout);

  let calls: Call[] = [];
  const { sandbox, keys } = await startBenchSandbox({ latencyMs: LATENCY_MS, onApiCall: (call) => calls.push(call) });
  // BENCH_SYNC: resources of the sync to copy into the bench's database first (e.g. "customers": the subscriptions list
  // then names each customer, as it does once the sync has run), so a page is measured with what it shows then.
  if (process.env.BENCH_SYNC) {
    const synced = await runScript("scripts/sync.ts", ["--mode", "test", "--resource", process.env.BENCH_SYNC], benchAppEnv({ databaseUrl, sandboxUrl: sandbox.url, keys }));
    if (synced.code !== 0) throw new Error(`the sync failed:\n${synced.stdout}${synced.stderr}`);
    console.log(synced.stdout.trim());
  }
  // BENCH_PORT: the first port to try for the app (the floor takes the next free one).
  const port = await findFreePort(Number(process.env.BENCH_PORT ?? 3400));
  // BENCH_APP_NODE_ARGS: flags for the app's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to see where its time goes.
  const nodeArgs = process.env.BENCH_APP_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  // Next's own gzip is off by default here, as behind a reverse proxy that compresses (scripts/lib/compression.mjs);
  // COMPRESS=true measures it on.
  const compress = process.env.COMPRESS ?? "false";
  // The process's call ceiling (25/s by default) would pace this back-to-back loop: a 4-call customer page, about six a
  // second, reaches it and waits its turn. The bench measures pages, not the ceiling: 1,000/s unless set.
  const ceiling = process.env.PAYMENT_API_MAX_CALLS_PER_SECOND ?? "1000";
  const app = spawn(process.execPath, nextStartArgs(port, nodeArgs), {
    env: { ...benchAppEnv({ databaseUrl, sandboxUrl: sandbox.url, keys }), COMPRESS: compress, PAYMENT_API_MAX_CALLS_PER_SECOND: ceiling },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  // The floor runs on the same custom server and node flags as the app, from its own directory.
  const floorPort = await findFreePort(port + 1);
  const floor = spawn(process.execPath, [...SERVER_NODE_ARGS, path.resolve("scripts/server.mjs"), "-p", String(floorPort)], {
    cwd: FLOOR_APP,
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", COMPRESS: compress },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const floorBase = `http://127.0.0.1:${floorPort}`;
  try {
    await waitForHealth(`${base}/api/health`);
    await waitForHealth(floorBase);
    const cookie = await signIn(base, email, password);
    const one = <T>(name: Parameters<typeof sandbox.store.collection>[1]) => sandbox.store.collection("test", name).all()[0] as T;
    type Intent = { id: string; metadata?: Record<string, string> };
    const intents = sandbox.store.collection("test", "paymentIntents").all() as readonly Intent[];
    // Most intents; one that charged a renewal makes a second call that needs the first (streamed after the rest).
    const intent = intents.find((pi) => !pi.metadata?.subscriptionId)!;
    const renewalIntent = intents.find((pi) => pi.metadata?.subscriptionId);
    const customer = one<{ id: string }>("customers");
    const subscription = one<{ id: string }>("subscriptions");
    const transfer = one<{ SINPERefNumber: string }>("mobileTransfers");

    const pages: [string, string][] = [
      ["floor: bare Next page, 25-row table", "/"],
      // No Payment Service call: what the shell and the framework cost by themselves.
      ["shell /search (no API call)", "/search"],
      ["list  /payments", "/payments"],
      ["list  /payments?status=succeeded", "/payments?status=succeeded"],
      ["list  /transfers", "/transfers"],
      ["list  /customers", "/customers"],
      ["list  /subscriptions", "/subscriptions"],
      ["list  /renewals", "/renewals"],
      ["list  /marketplace", "/marketplace"],
      ["list  /products", "/products"],
      ["detail payment", `/payments/${intent.id}`],
      ...(renewalIntent ? [["dependent payment (renewal charge)", `/payments/${renewalIntent.id}`] as [string, string]] : []),
      ["detail customer", `/customers/${customer.id}`],
      ["detail subscription", `/subscriptions/${subscription.id}`],
      ["detail transfer", `/transfers/${transfer.SINPERefNumber}`],
    ];
    console.log(`sandbox scale 1, every API call answered after ${LATENCY_MS} ms; ${REQUESTS} requests per page after ${WARMUP} warm-ups; times at p50 (ms)`);
    console.log(`COMPRESS=${compress} (Next's gzip; requests ask for gzip as browsers do); HTML kB uncompressed; PAYMENT_API_MAX_CALLS_PER_SECOND=${ceiling}`);
    // CPU per request grows with the machine's load (other processes share the cores and their caches): compare a
    // row with the floor of the same run, and say the load with the figures.
    console.log(`load average at start: ${loadText()}`);
    console.log(`${"page".padEnd(36)} ${"page".padStart(7)} ${"slowest".padStart(8)} ${"sum".padStart(7)} ${"calls".padStart(6)} ${"overhead".padStart(9)} ${"before".padStart(7)} ${"after".padStart(6)} ${"app CPU".padStart(8)} ${"HTML kB".padStart(8)}  targets`);
    // BENCH_PAGES: a pattern to run only some of them (e.g. "payments").
    const only = process.env.BENCH_PAGES ? new RegExp(process.env.BENCH_PAGES) : null;
    for (const [label, pathname] of pages.filter(([label]) => label.startsWith("floor") || !only || only.test(label))) {
      const kind = label.split(/[: ]/)[0] as Kind;
      const [target, server] = kind === "floor" ? [floorBase, floor] : [base, app];
      const samples: Sample[] = [];
      let cpuBefore = 0;
      let htmlBytes = 0;
      for (let i = 0; i < REQUESTS + WARMUP; i++) {
        if (i === WARMUP) cpuBefore = cpuSeconds(server.pid!);
        calls = [];
        const started = performance.now();
        const response = await fetch(target + pathname, { headers: { cookie, "accept-encoding": "gzip" }, redirect: "manual" });
        const body = await response.text();
        const page = performance.now() - started;
        if (response.status !== 200) throw new Error(`${pathname} answered ${response.status}`);
        if (body.includes("data-error-category")) throw new Error(`${pathname} rendered an error state`);
        if (i < WARMUP) continue;
        htmlBytes = Buffer.byteLength(body);
        // BENCH_DUMP_DIR: keep each page's last HTML there, to see what a page sends.
        if (process.env.BENCH_DUMP_DIR) writeFileSync(path.join(process.env.BENCH_DUMP_DIR, `${label.replace(/\W+/g, "_")}.html`), body);
        const durations = calls.map((c) => c.ms);
        const first = calls.length > 0 ? Math.min(...calls.map((c) => c.startedAt)) : started + page;
        const last = calls.length > 0 ? Math.max(...calls.map((c) => c.startedAt + c.ms)) : started + page;
        samples.push({ page, slowest: Math.max(0, ...durations), sum: durations.reduce((a, b) => a + b, 0), calls: calls.length, before: first - started, after: started + page - last });
      }
      const cpu = ((cpuSeconds(server.pid!) - cpuBefore) * 1000) / REQUESTS;
      const overhead = pct(samples.map((s) => s.page - s.slowest), 50);
      const kB = htmlBytes / 1024;
      console.log(
        `${label.padEnd(36)} ${pct(samples.map((s) => s.page), 50).toFixed(1).padStart(7)} ${pct(samples.map((s) => s.slowest), 50).toFixed(1).padStart(8)} ${pct(samples.map((s) => s.sum), 50).toFixed(1).padStart(7)} ${String(pct(samples.map((s) => s.calls), 50)).padStart(6)} ${overhead.toFixed(1).padStart(9)} ${pct(samples.map((s) => s.before), 50).toFixed(1).padStart(7)} ${pct(samples.map((s) => s.after), 50).toFixed(1).padStart(6)} ${cpu.toFixed(1).padStart(8)} ${kB.toFixed(0).padStart(8)}  ${targetsText(kind, { cpu, kB, overhead, page: pct(samples.map((s) => s.page), 50), slowest: pct(samples.map((s) => s.slowest), 50) })}`,
      );
    }
    console.log(`load average at end: ${loadText()}`);
  } finally {
    app.kill("SIGTERM");
    floor.kill("SIGTERM");
    await sandbox.stop();
    await dropDatabase(server.url, database).catch(() => {});
    await server.stop();
  }
}

/** Each target of the row's kind beside the figure it bounds: "CPU ≤ 8 met · HTML ≤ 20 kB MISSED". */
function targetsText(kind: Kind, got: { cpu: number; kB: number; overhead: number; page: number; slowest: number }): string {
  const t = TARGETS[kind];
  const check = (name: string, ok: boolean) => `${name} ${ok ? "met" : "MISSED"}`;
  const parts = [
    t.cpu !== undefined && check(`CPU ≤ ${t.cpu}`, got.cpu <= t.cpu),
    t.kB !== undefined && check(`HTML ≤ ${t.kB} kB`, got.kB <= t.kB),
    t.overhead !== undefined && check(`overhead ≤ ${t.overhead}`, got.overhead <= t.overhead),
    t.slowestPlus !== undefined && check(`page ≤ slowest + ${t.slowestPlus}`, got.page <= got.slowest + t.slowestPlus),
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(" · ") : kind === "floor" ? "reference (the floor)" : "no target";
}

const loadText = () => loadavg().map((value) => value.toFixed(2)).join(", ");

async function waitForHealth(url: string) {
  for (let i = 0; i < 600; i++) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the app did not answer at ${url}`);
}

await main();
