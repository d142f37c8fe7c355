// npm run bench:export-load — what eight parallel CSV exports do to everyone else, on a production build, with the
// sandbox answering every Payment Service call after 50 ms (BENCH_LATENCY_MS). Two rounds: eight exports of the whole
// payments list from ONE viewer, then one each from EIGHT viewers. During each, the /payments page is loaded again and
// again and a refund is sent now and then, as an operator at work would. Prints the service calls per second (mean and
// busiest second), the exports' outcomes, and page and refund times next to the same with nothing else running.
// BENCH_APP_DIR runs another checkout's build (e.g. the code before the limits) against the same setup; BENCH_CEILING
// sets PAYMENT_API_MAX_CALLS_PER_SECOND (default 25). PostgreSQL: DATABASE_URL, else embedded.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { DATA_DIR } from "../lib/dev-state";
import { runMigrations } from "../lib/migrate";
import { createDatabase, dropDatabase, ensurePostgres, findFreePort } from "../lib/postgres";
import { printedPassword, runScript } from "../lib/run-script";
import { nextStartArgs } from "../lib/server-node";
import { benchAppEnv, startBenchSandbox } from "./bench-sandbox";
import { buildUnlessSkipped } from "./build";
import { signIn } from "./sign-in";

const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 50);
const CEILING = process.env.BENCH_CEILING ?? "25";
const APP_DIR = path.resolve(process.env.BENCH_APP_DIR ?? process.cwd());
const EXPORTS = 8;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const ms = (value: number) => `${Math.round(value)} ms`;

/** The refund action's id, from the build's manifest: the script calls it as the payment page's form does. */
function refundActionId(): string {
  const manifest = JSON.parse(readFileSync(path.join(APP_DIR, ".next/server/server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { exportedName?: string; filename?: string }>;
  };
  const found = Object.entries(manifest.node).find(([, entry]) => entry.exportedName === "createRefundAction");
  if (!found) throw new Error("createRefundAction is not in the build's server-reference manifest");
  return found[0];
}

async function addOperators(databaseUrl: string, count: number, role: string) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const email = `bench-${role}-${i}@example.com`;
      const added = await runScript("scripts/operator.ts", ["add", "--email", email, "--name", `Bench ${role} ${i}`, "--role", role], { PATH: process.env.PATH, DATABASE_URL: databaseUrl });
      if (added.code !== 0) throw new Error(added.stderr);
      return { email, password: printedPassword(added.stdout) };
    }),
  );
}

async function main() {
  if (APP_DIR === process.cwd()) buildUnlessSkipped();
  else console.log(`app: the build in ${APP_DIR} (not rebuilt)`);
  const actionId = refundActionId();
  const server = await ensurePostgres({ dataDir: path.join(DATA_DIR, "pg-bench"), preferredPort: 54350 });
  const database = `bench_export_load_${process.pid}`;
  const databaseUrl = await createDatabase(server.url, database);
  await runMigrations(databaseUrl);
  const [viewers, [operator]] = await Promise.all([addOperators(databaseUrl, EXPORTS, "viewer"), addOperators(databaseUrl, 1, "operator")]);

  let calls: number[] = [];
  const { sandbox, keys } = await startBenchSandbox({ latencyMs: LATENCY_MS, onApiCall: (call) => calls.push(call.startedAt) });
  const port = await findFreePort(3450);
  const app = spawn(process.execPath, nextStartArgs(port), {
    cwd: APP_DIR,
    env: { ...benchAppEnv({ databaseUrl, sandboxUrl: sandbox.url, keys }), PAYMENT_API_MAX_CALLS_PER_SECOND: CEILING },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; i < 600 && !(await fetch(`${base}/api/health`).then((r) => r.ok, () => false)); i++) await sleep(100);
    const viewerCookies = await Promise.all(viewers.map((v) => signIn(base, v.email, v.password)));
    const operatorCookie = await signIn(base, operator!.email, operator!.password);

    type Intent = { id: string; status: string; amount: number; currency: string };
    const refundable = (sandbox.store.collection("test", "paymentIntents").all() as readonly Intent[]).filter((pi) => pi.status === "succeeded" && pi.amount >= 10_000);
    const loadPage = async () => {
      const started = performance.now();
      const response = await fetch(`${base}/payments`, { headers: { cookie: operatorCookie } });
      await response.text();
      if (response.status !== 200) throw new Error(`/payments answered ${response.status}`);
      return performance.now() - started;
    };
    const refund = async () => {
      const intent = refundable.pop()!;
      const started = performance.now();
      const response = await fetch(`${base}/payments/${intent.id}`, {
        method: "POST",
        headers: { cookie: operatorCookie, "next-action": actionId, "content-type": "text/plain;charset=UTF-8", accept: "text/x-component", origin: base },
        body: JSON.stringify([{ paymentIntentId: intent.id, currency: intent.currency, amount: "1.00", reason: "requested_by_customer", description: "" }]),
      });
      const text = await response.text();
      if (!/"ok":true/.test(text)) throw new Error(`the refund of ${intent.id} failed (HTTP ${response.status}): ${text.slice(0, 300)}`);
      return performance.now() - started;
    };
    const runExport = async (cookie: string) => {
      const started = performance.now();
      const response = await fetch(`${base}/api/export/payments`, { headers: { cookie } });
      let bytes = 0;
      if (response.body) for await (const chunk of response.body) bytes += chunk.byteLength;
      return { status: response.status, bytes, seconds: (performance.now() - started) / 1000 };
    };

    // Warm-up: routes compiled, pools open.
    for (let i = 0; i < 10; i++) await loadPage();
    await refund();
    await runExport(viewerCookies[0]!);
    const idlePages: number[] = [];
    for (let i = 0; i < 20; i++) idlePages.push(await loadPage());
    const idleRefunds: number[] = [];
    for (let i = 0; i < 5; i++) idleRefunds.push(await refund());
    console.log(`sandbox scale 1, every call answered after ${LATENCY_MS} ms; PAYMENT_API_MAX_CALLS_PER_SECOND=${CEILING} (the code before the limits ignores it)`);
    console.log(`idle: /payments p50 ${ms(pct(idlePages, 50))}, p95 ${ms(pct(idlePages, 95))}; refund p50 ${ms(pct(idleRefunds, 50))}, max ${ms(Math.max(...idleRefunds))}`);

    for (const [label, cookies] of [
      [`${EXPORTS} parallel exports of /payments from one viewer`, Array(EXPORTS).fill(viewerCookies[0]!)],
      [`${EXPORTS} parallel exports of /payments, one per viewer`, viewerCookies],
    ] as const) {
      calls = [];
      const started = performance.now();
      let done = false;
      const exporting = Promise.all(cookies.map(runExport)).finally(() => (done = true));
      const pages: number[] = [];
      const refunds: number[] = [];
      for (let i = 0; !done; i++) {
        pages.push(await loadPage());
        if (i % 4 === 3) refunds.push(await refund());
        await sleep(250);
      }
      const results = await exporting;
      const seconds = (performance.now() - started) / 1000;
      const perSecond = new Map<number, number>();
      for (const at of calls) perSecond.set(Math.floor((at - started) / 1000), (perSecond.get(Math.floor((at - started) / 1000)) ?? 0) + 1);
      const ok = results.filter((r) => r.status === 200);
      console.log(`\n${label}`);
      console.log(
        `  exports: ${ok.length} ran (${ok.map((r) => `${r.seconds.toFixed(1)} s`).join(", ")}), ${results.filter((r) => r.status === 429).length} refused with 429, ` +
          `${results.filter((r) => r.status !== 200 && r.status !== 429).length} other; all over in ${seconds.toFixed(1)} s`,
      );
      console.log(`  service calls: ${calls.length} in all, ${(calls.length / seconds).toFixed(1)}/s on average, ${Math.max(...perSecond.values())} in the busiest second`);
      console.log(`  /payments during them (${pages.length} loads): p50 ${ms(pct(pages, 50))}, p95 ${ms(pct(pages, 95))}, max ${ms(Math.max(...pages))}`);
      if (refunds.length > 0) console.log(`  refunds during them (${refunds.length}): p50 ${ms(pct(refunds, 50))}, max ${ms(Math.max(...refunds))}`);
      await sleep(2000);
    }
  } finally {
    app.kill("SIGTERM");
    await sandbox.stop();
    await dropDatabase(server.url, database).catch(() => {});
    await server.stop();
  }
}

await main();
