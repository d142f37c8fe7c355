import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DEV_DEFAULT_SECRETS } from "@/lib/env-schema";
import { DATA_DIR, readDevStateFile, STATE_FILE } from "./dev-state-file.mjs";

/** The admin `npm run dev` creates in an empty database. */
export const DEV_ADMIN_EMAIL = "admin@example.com";

/** What `npm run dev` keeps between runs in .data/ (never committed): generated secrets and the dev admin. */
export type DevState = {
  authSecret: string;
  /**
   * The dev admin's password in each database where `npm run dev` created it, keyed by `databaseLabel(url)`: a dev
   * started once against another database (DATABASE_URL) must not make the next start print a password that does
   * not work here.
   */
  adminPasswords?: Record<string, string>;
  /** The running (or last) dev server's database and sandbox, written only once it serves: what the other scripts use. */
  databaseUrl?: string;
  sandboxUrl?: string;
  /** Before adminPasswords: the one password, of whichever database wrote it last (read once, then moved). */
  adminPassword?: string;
};

export { DATA_DIR };

/** host:port/name of a database URL: safe to print (no user, no password) and the key of its admin password. */
export function databaseLabel(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ""}${decodeURIComponent(parsed.pathname) || "/"}`;
  } catch {
    return "(an unreadable DATABASE_URL)";
  }
}

export function readDevState(): DevState | undefined {
  const state = readDevStateFile() as DevState | undefined;
  if (!state) return undefined;
  // A state written before passwords were kept per database: its one password belongs to its databaseUrl.
  if (state.adminPassword && state.databaseUrl) {
    state.adminPasswords = { [databaseLabel(state.databaseUrl)]: state.adminPassword, ...state.adminPasswords };
  }
  delete state.adminPassword;
  return state;
}

export function loadOrCreateDevState(): DevState {
  return readDevState() ?? updateDevState(() => ({}));
}

/**
 * Re-reads the file and writes it with `change` applied, so that two processes (two `npm run dev`, or dev and
 * `npm run operator`) each change only what they mean to.
 */
export function updateDevState(change: (state: DevState) => Partial<DevState>): DevState {
  const current = readDevState() ?? { authSecret: randomBytes(32).toString("base64url") };
  const next = { ...current, ...change(current) };
  mkdirSync(DATA_DIR, { recursive: true });
  const temporary = `${STATE_FILE}.${process.pid}`;
  writeFileSync(temporary, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, STATE_FILE);
  return next;
}

export function adminPasswordFor(state: DevState | undefined, databaseUrl: string): string | undefined {
  return state?.adminPasswords?.[databaseLabel(databaseUrl)];
}

export function keepAdminPassword(databaseUrl: string, password: string): DevState {
  return updateDevState((state) => ({ adminPasswords: { ...state.adminPasswords, [databaseLabel(databaseUrl)]: password } }));
}

/** Secrets that only ever belong to this machine's dev setup; production refuses them. */
export function devOnlySecrets(): string[] {
  const state = readDevState();
  return state ? [state.authSecret] : [];
}

const LOCK_FILE = path.join(DATA_DIR, "dev.lock");

function runningDev(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A pid reused by another program after a crash is not a dev server (Linux tells; elsewhere, alive is enough).
  const cmdline = `/proc/${pid}/cmdline`;
  return !existsSync("/proc/self/cmdline") || (existsSync(cmdline) && readFileSync(cmdline, "utf8").includes("dev.ts"));
}

/**
 * One `npm run dev` per checkout: a second one would share .data (its PostgreSQL, this state) and .next with the
 * first. Returns the pid that holds the lock, or takes it (a lock left by a process that is gone is taken over).
 */
export function takeDevLock(): { heldBy: number } | { release: () => void } {
  mkdirSync(DATA_DIR, { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(LOCK_FILE, String(process.pid), { flag: "wx" });
      return {
        release: () => {
          if (existsSync(LOCK_FILE) && readFileSync(LOCK_FILE, "utf8") === String(process.pid)) rmSync(LOCK_FILE, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number(readFileSync(LOCK_FILE, "utf8"));
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && runningDev(pid)) return { heldBy: pid };
      rmSync(LOCK_FILE, { force: true });
    }
  }
  throw new Error(`could not take ${LOCK_FILE}`);
}

/**
 * The database of `npm run operator`, `sync` and `worker`: DATABASE_URL, else the one of the last `npm run dev` that
 * served. `line` says which (host/name, never the password): their first line, so a write never lands unnoticed in
 * another database.
 */
export function scriptDatabase(env: Record<string, string | undefined> = process.env): { url: string; line: string } | undefined {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, line: `Database: ${databaseLabel(env.DATABASE_URL)} (DATABASE_URL)` };
  const dev = readDevState()?.databaseUrl;
  if (dev) return { url: dev, line: `Database: ${databaseLabel(dev)} (npm run dev's, from ${path.relative(process.cwd(), STATE_FILE)})` };
  return undefined;
}

/**
 * What `npm run sync` and `npm run worker` add to their environment beside `npm run dev` when nothing is configured:
 * its database, and its sandbox with the sandbox's keys as dev gives them (PAYMENT_API_URL set keeps its own).
 */
export function besideDev(env: Record<string, string | undefined>, state = readDevState()): Record<string, string> {
  if (env.DATABASE_URL || !state?.databaseUrl) return {};
  const added: Record<string, string> = { DATABASE_URL: state.databaseUrl };
  if (!env.PAYMENT_API_URL && state.sandboxUrl) {
    Object.assign(added, {
      PAYMENT_API_URL: state.sandboxUrl,
      PAYMENT_SECRET_KEY_TEST: env.PAYMENT_SECRET_KEY_TEST || DEV_DEFAULT_SECRETS[0],
      PAYMENT_SECRET_KEY_LIVE: env.PAYMENT_SECRET_KEY_LIVE || DEV_DEFAULT_SECRETS[1],
    });
  }
  return added;
}
