import { readFileSync } from "node:fs";
import path from "node:path";

export const E2E_DIR = path.resolve(".data/e2e");
// The app under test listens here (`next start`, production build).
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

type Person = { email: string; name: string; password: string };
export type E2eState = {
  baseURL: string;
  /** The sandbox Payment Service the app reads (its /_sandbox/* endpoints run scenarios). */
  sandboxURL: string;
  operators: Record<"admin" | "operator" | "viewer" | "lockout", Person>;
  secrets: Record<string, string>;
  /** The app's database (a spec that starts a second app on the same data uses it). */
  databaseUrl: string;
  /** A migrated, empty database on the same server: a spec's own database is a copy of it (no migrations to run). */
  templateDatabase: string;
  logFile: string;
};

/**
 * The shared operators global-setup signs in once through the form, whose saved session `signIn` reuses (signing in
 * through the form in every test cost about a second each, 60 times over). Not "lockout": the lockout test locks that
 * account on purpose, through the form.
 */
export const SHARED_ROLES = ["admin", "operator", "viewer"] as const;
export type SharedRole = (typeof SHARED_ROLES)[number];
export const signedInStatePath = (who: SharedRole) => path.join(E2E_DIR, `signed-in-${who}.json`);

/** What global-setup prepared for this run. */
export function e2eState(): E2eState {
  return JSON.parse(readFileSync(path.join(E2E_DIR, "state.json"), "utf8")) as E2eState;
}
