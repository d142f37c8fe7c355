// Where `npm run dev` keeps its state (scripts/lib/dev-state.ts), readable by plain node too (sandbox/launch.mjs).
// DEV_DATA_DIR: the scripts' own tests run `npm run dev` against a scratch directory, not the checkout's .data.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

export const DATA_DIR = path.resolve(process.cwd(), process.env.DEV_DATA_DIR || ".data");
export const STATE_FILE = path.join(DATA_DIR, "dev-state.json");

/** The state file as written, or undefined when there is none. */
export function readDevStateFile() {
  return existsSync(STATE_FILE) ? JSON.parse(readFileSync(STATE_FILE, "utf8")) : undefined;
}
