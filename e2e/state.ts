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
  logFile: string;
};

/** What global-setup prepared for this run. */
export function e2eState(): E2eState {
  return JSON.parse(readFileSync(path.join(E2E_DIR, "state.json"), "utf8")) as E2eState;
}
