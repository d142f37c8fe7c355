// The sandbox every page-serving benchmark reads: the same seed, scale and clock each run, fresh keys, no webhooks.
import { randomBytes } from "node:crypto";
import { startSandbox, type SandboxOptions } from "../../sandbox/server";

export const randomSecret = () => randomBytes(24).toString("base64url");

export async function startBenchSandbox(options: { latencyMs: number; onApiCall?: SandboxOptions["onApiCall"] }) {
  const keys = { test: `svc_test_secret_key_${randomSecret()}`, live: `svc_live_secret_key_${randomSecret()}` };
  const sandbox = await startSandbox({
    port: 0,
    seed: "bench",
    scale: 1,
    now: new Date("2026-11-01T12:00:00.000Z"),
    dataDir: null,
    keys: { secret: keys, publishable: { test: `svc_test_publishable_key_${randomSecret()}`, live: `svc_live_publishable_key_${randomSecret()}` } },
    webhooks: {},
    latencyMs: options.latencyMs,
    onApiCall: options.onApiCall,
  });
  return { sandbox, keys };
}

/** The environment of a benchmarked `next start`: its database, a fresh AUTH_SECRET, and the bench sandbox's keys. */
export function benchAppEnv(options: { databaseUrl: string; sandboxUrl: string; keys: { test: string; live: string } }): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: options.databaseUrl,
    AUTH_SECRET: randomSecret(),
    AUTH_TRUST_HOST: "true",
    PAYMENT_API_URL: options.sandboxUrl,
    PAYMENT_SECRET_KEY_TEST: options.keys.test,
    PAYMENT_SECRET_KEY_LIVE: options.keys.live,
    // The benchmarks measure pages and exports, not the sync copying the sandbox in the background.
    SYNC_WORKER: "false",
  };
}
