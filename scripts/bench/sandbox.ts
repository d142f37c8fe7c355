// npm run bench:sandbox — the sandbox's start-up time and list latency at scale 1, and its memory at scale 10.
// Targets (issue "client and sandbox"): 100-item page p50 < 5 ms at scale 1; < 400 MB resident at scale 10;
// start-up to first answer < 3 s at scale 1.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { findFreePort } from "../lib/postgres";

const KEY = "svc_test_secret_key_sandbox_bench";

function startSandbox(scale: number, port: number, dataDir: string): ChildProcess {
  // Exactly as `npm run sandbox` starts it.
  return spawn(process.execPath, ["sandbox/launch.mjs"], {
    env: {
      ...process.env,
      SANDBOX_PORT: String(port),
      SANDBOX_SCALE: String(scale),
      SANDBOX_DATA_DIR: dataDir,
      SANDBOX_SECRET_KEY_TEST: KEY,
      SANDBOX_WEBHOOK_URL_TEST: "off",
      SANDBOX_WEBHOOK_URL_LIVE: "off",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function firstAnswer(url: string, started: number, timeoutMs = 120_000): Promise<number> {
  while (performance.now() - started < timeoutMs) {
    try {
      const response = await fetch(url, { headers: { authorization: `Bearer ${KEY}` } });
      if (response.ok) return performance.now() - started;
    } catch {}
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no answer from ${url}`);
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

/** The sandbox process's resident memory (the child of launch.mjs), and the launcher's own beside it. */
function resident(launcherPid: number): string {
  const [sandboxPid] = readFileSync(`/proc/${launcherPid}/task/${launcherPid}/children`, "utf8").trim().split(/\s+/).map(Number);
  return `${rssMb(sandboxPid!).toFixed(0)} MB (the launcher that sized its heap: ${rssMb(launcherPid).toFixed(0)} MB more)`;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function latency(url: string, requests: number): Promise<{ p50: number; p99: number; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${KEY}` } });
    bytes = (await response.arrayBuffer()).byteLength;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), bytes };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "sandbox-bench-"));
try {
  const port = await findFreePort(4510);
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = startSandbox(1, port, dataDir);
  const startup = await firstAnswer(`${base}/v1/customers?limit=1`, started);
  console.log(`scale 1: start-up to first answer ${startup.toFixed(0)} ms (target < 3000)`);
  await latency(`${base}/v1/payment-intents/account?limit=100`, 50); // warm-up
  for (const [label, pathname] of [
    ["payment intents, 100/page", "/v1/payment-intents/account?limit=100"],
    ["payment intents, 100/page, status filter", "/v1/payment-intents/account?limit=100&status=succeeded"],
    ["mobile transfers, 100/page", "/v1/mobile-transfers/list?limit=100"],
    ["customers, 100/page, createdAt[gte]", `/v1/customers?limit=100&createdAt[gte]=${encodeURIComponent(new Date(Date.now() - 90 * 864e5).toISOString())}`],
  ] as const) {
    const { p50, p99, bytes } = await latency(`${base}${pathname}`, 500);
    console.log(`scale 1: ${label}: p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms (${(bytes / 1024).toFixed(0)} KiB; target p50 < 5 ms)`);
  }
  console.log(`scale 1: resident ${resident(child.pid!)}`);
  child.kill("SIGTERM");

  const port10 = await findFreePort(4610);
  const started10 = performance.now();
  const child10 = startSandbox(10, port10, dataDir);
  const startup10 = await firstAnswer(`http://127.0.0.1:${port10}/v1/customers?limit=1`, started10);
  await latency(`http://127.0.0.1:${port10}/v1/payment-intents/account?limit=100`, 200);
  const p10 = await latency(`http://127.0.0.1:${port10}/v1/payment-intents/account?limit=100`, 300);
  console.log(`scale 10: start-up ${startup10.toFixed(0)} ms; 100/page p50 ${p10.p50.toFixed(2)} ms; resident ${resident(child10.pid!)} (target < 400 MB)`);
  child10.kill("SIGTERM");
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
