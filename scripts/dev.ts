// npm run dev — database (embedded unless DATABASE_URL) → migrations → dev admin → sandbox (unless PAYMENT_API_URL)
// → Next dev server.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { connectDatabase } from "@/db";
import { getOperatorByEmail } from "@/db/queries/operators";
import { DEV_SETUP_ACTOR } from "@/db/queries/audit";
import { formatEnvError } from "@/lib/env";
import { DEV_DEFAULT_SECRETS, parseEnv } from "@/lib/env-schema";
import { parsePort } from "@/lib/port.mjs";
import { addOperator } from "@/lib/operators";
import { adminPasswordFor, DATA_DIR, DEV_ADMIN_EMAIL, databaseLabel, keepAdminPassword, loadOrCreateDevState, takeDevLock, updateDevState } from "./lib/dev-state";
import { loadDotEnv } from "./lib/load-env";
import { runMigrations } from "./lib/migrate";
import { networkAddresses } from "./lib/dev-origins.mjs";
import { createDatabase, portIsFree } from "./lib/postgres";

const DEV_ADMIN = { email: DEV_ADMIN_EMAIL, name: "Dev Admin", role: "admin" as const };
const log = (line: string) => console.log(`[dev] ${line}`);

loadDotEnv();
const port = portSetting("PORT", 3000);
const SANDBOX_PORT = portSetting("SANDBOX_PORT", 4010);

// The local Payment Service, unless a real one is configured. It runs as its own process so that the app's reloads
// do not regenerate its data, and it sends its webhooks to this app with the app's webhook secrets.
// With a real service (PAYMENT_API_URL set) its keys and secrets come from the environment as they are.
const useSandbox = !process.env.PAYMENT_API_URL;
const paymentEnv = useSandbox
  ? {
      PAYMENT_API_URL: `http://127.0.0.1:${SANDBOX_PORT}`,
      PAYMENT_SECRET_KEY_TEST: process.env.PAYMENT_SECRET_KEY_TEST || DEV_DEFAULT_SECRETS[0],
      PAYMENT_SECRET_KEY_LIVE: process.env.PAYMENT_SECRET_KEY_LIVE || DEV_DEFAULT_SECRETS[1],
      WEBHOOK_SECRET_TEST: process.env.WEBHOOK_SECRET_TEST || DEV_DEFAULT_SECRETS[2],
      WEBHOOK_SECRET_LIVE: process.env.WEBHOOK_SECRET_LIVE || DEV_DEFAULT_SECRETS[3],
    }
  : {};

// The app's own check of its settings, as the app will see them, before anything starts: a mistake is one clear
// message and exit code 1, not a stack trace from inside Next and a server that never answers.
const settings = parseEnv({ ...process.env, ...paymentEnv, NODE_ENV: "development" });
if (!settings.success) {
  console.error(`[dev] ${formatEnvError(settings.error)}`);
  process.exit(1);
}

function portSetting(name: "PORT" | "SANDBOX_PORT", fallback: number): number {
  const text = process.env[name];
  if (!text) return fallback;
  const parsed = parsePort(text);
  if (parsed.ok) return parsed.port;
  console.error(`[dev] Invalid configuration (see .env.example):\n  - ${name}: ${parsed.error}`);
  process.exit(1);
}

const stops: (() => Promise<void> | void)[] = [];
let shuttingDown = false;

async function shutdown(code: number) {
  if (shuttingDown) return;
  shuttingDown = true;
  log("stopping…");
  for (const stop of stops.reverse()) await Promise.resolve(stop()).catch(() => {});
  process.exit(code);
}
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));
// Stopped halfway (Ctrl+C during the migrations), a client of the stopping database may throw from a timer: the stop
// goes on. Otherwise an error nobody caught still stops what was started, rather than leaving it running detached.
process.on("uncaughtException", (error) => {
  if (shuttingDown) return;
  console.error(error);
  void shutdown(1);
});

function spawnGroup(command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  // Its own process group: Ctrl+C reaches only this script, which stops the group (and all it started) in turn.
  const child = spawn(command, args, { stdio: "inherit", env, detached: true });
  stops.push(() => stopGroup(child));
  return child;
}

/** SIGTERM to the child's group, then wait until the child has exited (SIGKILL after 15 s): the next stop waits for it. */
async function stopGroup(child: ChildProcess, signalGroup = true): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const pid = child.pid;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    process.kill(signalGroup ? -pid : pid, "SIGTERM");
  } catch {
    return;
  }
  const kill = setTimeout(() => {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {}
  }, 15_000);
  await exited;
  clearTimeout(kill);
}

/**
 * The embedded PostgreSQL, in a process group of its own (scripts/lib/postgres-host.ts) and stopped last, after the
 * app and its sync worker have exited: stopped first, every open connection logged a queue error.
 */
async function startPostgres(): Promise<string> {
  const host = spawn(process.execPath, ["--import", "tsx", "scripts/lib/postgres-host.ts", path.join(DATA_DIR, "pg"), "54320"], {
    stdio: ["pipe", "pipe", "inherit"],
    detached: true,
  });
  // SIGTERM to the host alone: it stops its server with a fast shutdown (the server's own SIGTERM would wait for clients).
  stops.push(() => stopGroup(host, false));
  let output = "";
  return new Promise((resolve, reject) => {
    host.stdout!.on("data", (chunk) => {
      output += String(chunk);
      const line = output.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
    });
    host.once("exit", (code) => reject(new Error(`embedded PostgreSQL did not start (exit code ${code ?? "none"}); see above`)));
  });
}

async function main() {
  // Before anything is created or written: a second dev in this checkout would share its PostgreSQL, state and .next.
  const lock = takeDevLock();
  if ("heldBy" in lock) {
    throw new Error(`npm run dev is already running in this checkout (pid ${lock.heldBy}); stop it first (Ctrl+C in its terminal)`);
  }
  stops.push(lock.release);
  const state = loadOrCreateDevState();
  if (!(await portIsFree(port, "0.0.0.0"))) throw new Error(`port ${port} is taken; set PORT to another one`);
  if (!process.env.PAYMENT_API_URL && !(await portIsFree(SANDBOX_PORT, "0.0.0.0"))) {
    throw new Error(`port ${SANDBOX_PORT} (sandbox) is taken; set SANDBOX_PORT to another one`);
  }

  const embedded = !process.env.DATABASE_URL;
  const databaseUrl = embedded ? await createDatabase(await startPostgres(), "backoffice") : process.env.DATABASE_URL!;
  log(`${embedded ? "embedded PostgreSQL" : "DATABASE_URL"}: ${databaseLabel(databaseUrl)}`);
  await runMigrations(databaseUrl);

  // Its password is kept at once, under this database: it is real from now on, whether or not this server starts.
  const { db, client } = connectDatabase(databaseUrl, { max: 1 });
  if (!(await getOperatorByEmail(db, DEV_ADMIN.email))) {
    const { password } = await addOperator(db, DEV_ADMIN, { operatorId: null, label: DEV_SETUP_ACTOR });
    keepAdminPassword(databaseUrl, password);
  }
  await client.end();

  if (useSandbox) {
    const sandbox = spawnGroup(process.execPath, ["sandbox/launch.mjs"], {
      ...process.env,
      SANDBOX_PORT: String(SANDBOX_PORT),
      SANDBOX_SECRET_KEY_TEST: paymentEnv.PAYMENT_SECRET_KEY_TEST,
      SANDBOX_SECRET_KEY_LIVE: paymentEnv.PAYMENT_SECRET_KEY_LIVE,
      SANDBOX_WEBHOOK_URL_TEST: `http://localhost:${port}/api/webhooks/test`,
      SANDBOX_WEBHOOK_URL_LIVE: `http://localhost:${port}/api/webhooks/live`,
      SANDBOX_WEBHOOK_SECRET_TEST: paymentEnv.WEBHOOK_SECRET_TEST,
      SANDBOX_WEBHOOK_SECRET_LIVE: paymentEnv.WEBHOOK_SECRET_LIVE,
    } as NodeJS.ProcessEnv);
    sandbox.on("exit", (code) => void shutdown(code ?? 1));
    if (!(await waitForHttp(`http://127.0.0.1:${SANDBOX_PORT}/_sandbox/health`, 60_000))) {
      if (shuttingDown) return;
      throw new Error(`the sandbox did not answer on port ${SANDBOX_PORT} within 60 s; see its messages above`);
    }
  } else {
    log(`using the Payment Service at ${process.env.PAYMENT_API_URL}`);
  }

  // The same custom server as production (client address from the socket: scripts/server.mjs), in development mode.
  const app = spawnGroup(process.execPath, ["scripts/server.mjs", "--dev", "-p", String(port)], {
    ...process.env,
    ...paymentEnv,
    NODE_ENV: "development",
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: process.env.AUTH_SECRET ?? state.authSecret,
    AUTH_TRUST_HOST: "true",
    NEXT_TELEMETRY_DISABLED: "1",
  });
  let serving = false;
  app.on("exit", (code) => {
    if (!serving && !shuttingDown) log(`the app stopped before it served (exit code ${code ?? "none"})`);
    void shutdown(serving ? (code ?? 0) : code || 1);
  });

  if (!(await waitForHttp(`http://localhost:${port}/api/health`, 120_000))) {
    if (shuttingDown) return;
    throw new Error(`the app did not answer http://localhost:${port}/api/health within 120 s; see its messages above`);
  }
  serving = true;
  // Only now, when this server serves: what `npm run operator`, `sync`, `worker` and `sandbox` use beside it.
  const kept = updateDevState(() => ({ databaseUrl, sandboxUrl: useSandbox ? `http://127.0.0.1:${SANDBOX_PORT}` : undefined }));
  const password =
    adminPasswordFor(kept, databaseUrl) ?? `(not kept for ${databaseLabel(databaseUrl)}: npm run operator -- reset-password --email ${DEV_ADMIN.email})`;
  console.log(
    [
      "",
      "  Back office ready",
      `  URL:       http://localhost:${port}`,
      // The same app from another machine (next.config.mjs allows these origins its dev resources).
      ...networkAddresses().map((address) => `  Network:   http://${address}:${port}`),
      `  Sign in:   ${DEV_ADMIN.email}`,
      `  Password:  ${password}   (kept in ${path.relative(process.cwd(), DATA_DIR)}/dev-state.json)`,
      useSandbox ? `  Sandbox:   http://127.0.0.1:${SANDBOX_PORT}  (npm run sandbox -- scenarios)` : `  Payment Service: ${process.env.PAYMENT_API_URL}`,
      "  Ctrl+C stops everything.",
      "",
    ].join("\n"),
  );
}

/** Whether `url` answered 2xx before `timeoutMs` (false at once when a shutdown begins). */
async function waitForHttp(url: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !shuttingDown) {
    try {
      const response = await fetch(url);
      if (response.ok) return true;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  return false;
}

main().catch((error: unknown) => {
  console.error(`[dev] ${error instanceof Error ? error.message : String(error)}`);
  void shutdown(1);
});
