// npm run sandbox [-- serve | scenarios | scenario <name> [--mode live] | clock <3d> | reset]
import { rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { readSandboxConfig } from "./config";
import { startSandbox } from "./server";

const USAGE = `Usage: npm run sandbox -- [command]
  serve (default)                      the local Payment Service on SANDBOX_PORT (4010)
  scenarios                            list the scenarios of a running sandbox
  scenario <name> [--mode test|live]   run one on a running sandbox (it changes state and sends its webhooks)
  clock <duration>                     move a running sandbox's clock forward (e.g. 3d, 12h)
  reset                                forget what was created (the seed is regenerated at the next start)`;

const { positionals, values } = parseArgs({ allowPositionals: true, options: { mode: { type: "string" }, help: { type: "boolean" } } });
const [command = "serve", argument] = positionals;
const config = readSandboxConfig();
const base = `http://127.0.0.1:${config.SANDBOX_PORT}`;

async function call(method: "GET" | "POST", url: string, body?: unknown) {
  let response: Response;
  try {
    response = await fetch(url, { method, headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    console.error(`No sandbox answers at ${base}. Start it with \`npm run sandbox\` (or \`npm run dev\`).`);
    process.exit(1);
  }
  const json = (await response.json()) as unknown;
  console.log(JSON.stringify(json, null, 2));
  if (!response.ok) process.exit(1);
}

if (values.help) {
  console.log(USAGE);
} else if (command === "serve") {
  const webhookTarget = (url: string, secret: string) => (url === "off" ? undefined : { url, secret });
  const sandbox = await startSandbox({
    port: config.SANDBOX_PORT,
    host: config.SANDBOX_HOST,
    seed: config.SANDBOX_SEED,
    scale: config.SANDBOX_SCALE,
    now: config.SANDBOX_NOW ? new Date(config.SANDBOX_NOW) : undefined,
    dataDir: path.resolve(config.SANDBOX_DATA_DIR),
    publicUrl: config.SANDBOX_PUBLIC_URL,
    latencyMs: config.SANDBOX_LATENCY_MS,
    keys: {
      secret: { test: config.SANDBOX_SECRET_KEY_TEST, live: config.SANDBOX_SECRET_KEY_LIVE },
      publishable: { test: config.SANDBOX_PUBLISHABLE_KEY_TEST, live: config.SANDBOX_PUBLISHABLE_KEY_LIVE },
    },
    webhooks: {
      test: webhookTarget(config.SANDBOX_WEBHOOK_URL_TEST, config.SANDBOX_WEBHOOK_SECRET_TEST),
      live: webhookTarget(config.SANDBOX_WEBHOOK_URL_LIVE, config.SANDBOX_WEBHOOK_SECRET_LIVE),
    },
    log: (line) => console.log(`[sandbox] ${line}`),
  });
  console.log(`[sandbox] Payment Service sandbox on ${sandbox.url} (webhooks to ${config.SANDBOX_WEBHOOK_URL_TEST} and ${config.SANDBOX_WEBHOOK_URL_LIVE})`);
  const stop = async () => {
    await sandbox.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
} else if (command === "scenarios") {
  await call("GET", `${base}/_sandbox/scenarios`);
} else if (command === "scenario" && argument) {
  await call("POST", `${base}/_sandbox/scenarios/${encodeURIComponent(argument)}?mode=${values.mode ?? "test"}`);
} else if (command === "clock" && argument) {
  await call("POST", `${base}/_sandbox/clock`, { advance: argument });
} else if (command === "reset") {
  const dir = path.resolve(config.SANDBOX_DATA_DIR);
  const name = `${config.SANDBOX_SEED}-x${config.SANDBOX_SCALE}`;
  for (const suffix of [".journal.jsonl", ".anchor.json"]) rmSync(path.join(dir, `${name}${suffix}`), { force: true });
  console.log(`Forgot the sandbox's changes for seed "${config.SANDBOX_SEED}" at scale ${config.SANDBOX_SCALE}.`);
} else {
  console.error(USAGE);
  process.exit(2);
}
