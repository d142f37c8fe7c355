// The one check of a TCP port setting (PORT, SANDBOX_PORT, `-p`): scripts/server.mjs, lib/env-schema.ts and
// scripts/dev.ts read it here. Plain JavaScript so that plain node (scripts/server.mjs) can import it.

/** @param {string | undefined | null} text */
export function parsePort(text) {
  const value = String(text ?? "").trim();
  const port = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    return { ok: false, error: `${JSON.stringify(text ?? "")} is not a port; give a whole number from 1 to 65535, e.g. 3001` };
  }
  return { ok: true, port };
}
