import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freshTestDatabase } from "@/scripts/test/database";
import { databaseLabel } from "./lib/dev-state";
import { runScript } from "./lib/run-script";

const test = freshTestDatabase();
// Nothing listens on port 9 (discard): the pass fails at once, and says where it tried.
const unreachable = { PAYMENT_API_URL: "http://127.0.0.1:9", PAYMENT_SECRET_KEY_TEST: "svc_test_secret_key_sandbox_dev", PAYMENT_API_RETRY_DELAY_MS: "1" };
const sync = (args: string[], env: Record<string, string> = {}) =>
  runScript("scripts/sync.ts", args, { PATH: process.env.PATH, DATABASE_URL: test.url, ...unreachable, ...env });

describe("npm run sync", () => {
  it("prints its usage for --help and -h, and exits 0", async () => {
    for (const flag of ["--help", "-h"]) {
      const result = await sync([flag]);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain("Usage: npm run sync -- [--mode test|live]");
    }
  }, 30_000);

  it("says first which database it uses, without its password", async () => {
    const result = await sync(["--mode", "test", "--resource", "transfers"]);
    expect(result.stderr.split("\n")[0]).toBe(`Database: ${databaseLabel(test.url)} (DATABASE_URL)`);
  }, 30_000);

  it("names the Payment Service address it could not reach", async () => {
    const result = await sync(["--mode", "test", "--resource", "transfers"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("could not be reached at http://127.0.0.1:9");
  }, 30_000);

  it("beside npm run dev, uses dev's database and the sandbox on dev's port", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "sync-beside-dev-"));
    try {
      writeFileSync(path.join(dataDir, "dev-state.json"), JSON.stringify({ authSecret: "s", databaseUrl: test.url, sandboxUrl: "http://127.0.0.1:9" }));
      const result = await runScript("scripts/sync.ts", ["--mode", "test", "--resource", "transfers"], { PATH: process.env.PATH, DEV_DATA_DIR: dataDir, PAYMENT_API_RETRY_DELAY_MS: "1" });
      expect(result.stderr.split("\n")[0]).toBe(`Database: ${databaseLabel(test.url)} (npm run dev's, from ${path.relative(process.cwd(), path.join(dataDir, "dev-state.json"))})`);
      expect(result.stderr).toContain("could not be reached at http://127.0.0.1:9");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
