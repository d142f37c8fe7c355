import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** What `npm run dev` keeps between runs in .data/ (never committed): generated secrets and the dev admin. */
export type DevState = {
  authSecret: string;
  adminPassword?: string;
  databaseUrl?: string;
};

export const DATA_DIR = path.resolve(process.cwd(), ".data");
const STATE_FILE = path.join(DATA_DIR, "dev-state.json");

export function readDevState(): DevState | undefined {
  if (!existsSync(STATE_FILE)) return undefined;
  return JSON.parse(readFileSync(STATE_FILE, "utf8")) as DevState;
}

export function loadOrCreateDevState(): DevState {
  const state = readDevState() ?? { authSecret: randomBytes(32).toString("base64url") };
  writeDevState(state);
  return state;
}

export function writeDevState(state: DevState): void {
  mkdirSync(DATA_DIR, { recursive: true });
  writeFileSync(STATE_FILE, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
}

/** Secrets that only ever belong to this machine's dev setup; production refuses them. */
export function devOnlySecrets(): string[] {
  const state = readDevState();
  return state ? [state.authSecret] : [];
}
