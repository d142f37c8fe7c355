import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freshTestDatabase } from "@/scripts/test/database";
import { databaseLabel } from "./lib/dev-state";
import { runScript } from "./lib/run-script";

const test = freshTestDatabase();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "worker-test-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
// Ctrl+C after a few seconds: the worker runs until stopped.
const worker = (env: Record<string, string>) =>
  runScript("scripts/worker.ts", [], { PATH: process.env.PATH, DEV_DATA_DIR: dataDir, PAYMENT_API_RETRY_DELAY_MS: "1", ...env }, { interruptAfterMs: 6_000 });

describe("npm run worker", () => {
  it("beside npm run dev, uses dev's database, sandbox and keys, and says so", async () => {
    writeFileSync(path.join(dataDir, "dev-state.json"), JSON.stringify({ authSecret: "s", databaseUrl: test.url, sandboxUrl: "http://127.0.0.1:9" }));
    const result = await worker({});
    expect(result.stdout).toContain(`[worker] Database: ${databaseLabel(test.url)} (npm run dev's`);
    expect(result.stdout).toContain("[worker] Syncing test and live mode from http://127.0.0.1:9: every 5 min");
    expect(result.code).toBe(0);
  }, 30_000);

  it("with a database and no key, says plainly that it syncs nothing", async () => {
    const result = await worker({ DATABASE_URL: test.url, DEV_DATA_DIR: path.join(dataDir, "none") });
    expect(result.stdout).toContain("[worker] No Payment Service key (PAYMENT_SECRET_KEY_TEST, PAYMENT_SECRET_KEY_LIVE): nothing will be synced.");
    expect(result.code).toBe(0);
  }, 30_000);
});
