import { existsSync } from "node:fs";

/** Flags this closed network needs (no background connections that would be refused), plus root-safe sandboxing. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
  "--disable-dev-shm-usage",
];

/**
 * A real Chromium for Playwright, in this order: CHROMIUM_PATH, Debian's /usr/bin/chromium, then the binary shipped
 * inside the @sparticuz/chromium npm package (unpacked to /tmp), so tests run on a machine with no browser installed.
 */
export async function resolveChromium(): Promise<{ path: string; source: string }> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH points at ${fromEnv}, which does not exist`);
    return { path: fromEnv, source: "CHROMIUM_PATH" };
  }
  if (existsSync("/usr/bin/chromium")) return { path: "/usr/bin/chromium", source: "system" };
  const { default: chromium } = await import("@sparticuz/chromium");
  return { path: await chromium.executablePath(), source: "@sparticuz/chromium" };
}
