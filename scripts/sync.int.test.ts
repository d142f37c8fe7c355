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
  it("says first which database it uses, without its password", async () => {
    const result = await sync(["--mode", "test", "--resource", "transfers"]);
    expect(result.stderr.split("\n")[0]).toBe(`Database: ${databaseLabel(test.url)} (DATABASE_URL)`);
  }, 30_000);
});
