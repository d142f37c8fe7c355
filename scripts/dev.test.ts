import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runScript } from "./lib/run-script";

// A setting the app would refuse stops `npm run dev` before it starts anything: one clear message, exit code 1.
const dataDir = mkdtempSync(path.join(os.tmpdir(), "dev-settings-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
// interruptAfterMs: without the check, dev would go on starting a database and a server; the test then fails.
const dev = (env: Record<string, string>) =>
  runScript("scripts/dev.ts", [], { PATH: process.env.PATH, DEV_DATA_DIR: dataDir, PORT: "3757", SANDBOX_PORT: "3758", ...env }, { interruptAfterMs: 15_000 });

describe("npm run dev with a setting the app refuses", () => {
  it.each([
    [{ PAYMENT_SECRET_KEY_TEST: "svc_test_publishable_key_abc" }, "  - PAYMENT_SECRET_KEY_TEST: is a publishable key; the server needs a secret key"],
    [{ PAYMENT_API_URL: "not-a-url" }, '  - PAYMENT_API_URL: is not a URL (given: "not-a-url"); e.g. https://'],
    [{ PORT: "abc" }, '  - PORT: "abc" is not a port; give a whole number from 1 to 65535'],
    [{ SANDBOX_PORT: "4o10" }, '  - SANDBOX_PORT: "4o10" is not a port'],
  ])("%o: says so and exits 1 before starting anything", async (env, message) => {
    const result = await dev(env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("[dev] Invalid configuration (see .env.example):");
    expect(result.stderr).toContain(message);
    expect(result.stdout).not.toContain("Back office ready");
    expect(existsSync(path.join(dataDir, "dev-state.json"))).toBe(false);
    expect(existsSync(path.join(dataDir, "pg"))).toBe(false);
  }, 30_000);
});
