// The sandbox the sync's benchmarks read from (bench:sync, the write lab): its own process, so its CPU is counted apart
// from the sync's, with webhooks off (the sync, not the events, is measured) and a known test key.
import { spawn, type ChildProcess } from "node:child_process";

export const SYNC_BENCH_KEY = "svc_test_secret_key_sandbox_bench";

/** `node sandbox/launch.mjs` on this port, at this scale and injected latency, keeping its data in dataDir. */
export function startSyncSandbox(port: number, { scale, latencyMs, dataDir }: { scale: number; latencyMs: number; dataDir: string }): ChildProcess {
  return spawn(process.execPath, ["sandbox/launch.mjs"], {
    env: {
      ...process.env,
      SANDBOX_PORT: String(port),
      SANDBOX_SCALE: String(scale),
      SANDBOX_LATENCY_MS: String(latencyMs),
      SANDBOX_DATA_DIR: dataDir,
      SANDBOX_SECRET_KEY_TEST: SYNC_BENCH_KEY,
      SANDBOX_WEBHOOK_URL_TEST: "off",
      SANDBOX_WEBHOOK_URL_LIVE: "off",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** Resolves once the sandbox at baseUrl answers a list call (a scale-10 seed takes a while); throws after 5 minutes. */
export async function waitForSyncSandbox(baseUrl: string) {
  const url = `${baseUrl}/v1/customers?limit=1`;
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (await fetch(url, { headers: { authorization: `Bearer ${SYNC_BENCH_KEY}` } }).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no answer from ${url}`);
}
