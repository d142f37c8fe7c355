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
