import type { Mode } from "@/lib/env-schema";

// lib/env-schema.ts refuses malformed keys at start-up; these only read what a key is, for code that holds one.

const KEY = /^svc_(test|live)_(secret|publishable)_key_\S+$/;

/** The mode of the data a key reaches: the `test`/`live` part of its prefix decides it. */
export function modeOfKey(key: string): Mode | null {
  if (key.startsWith("svc_test_")) return "test";
  if (key.startsWith("svc_live_")) return "live";
  return null;
}

export function isSecretKey(key: string): boolean {
  return KEY.exec(key)?.[2] === "secret";
}
