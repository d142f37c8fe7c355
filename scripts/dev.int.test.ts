import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { getOperatorByEmail } from "@/db/queries/operators";
import { freshTestDatabase } from "@/scripts/test/database";
import { runScript } from "./lib/run-script";

// `npm run dev` against a scratch state directory (DEV_DATA_DIR) and a fresh database, on this suite's own ports.
const test = freshTestDatabase();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "dev-test-"));
const running: ChildProcess[] = [];
afterAll(() => {
  for (const child of running) child.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

const dev = (env: Record<string, string>) =>
  runScript("scripts/dev.ts", [], { PATH: process.env.PATH, DEV_DATA_DIR: dataDir, PORT: "3756", PAYMENT_API_URL: "http://127.0.0.1:9", ...env }, { interruptAfterMs: 20_000 });

describe("npm run dev", () => {
  it("refuses to start beside another dev of the same checkout, before it creates or writes anything", async () => {
    const state = { authSecret: "a".repeat(43), databaseUrl: "postgres://postgres:postgres@127.0.0.1:54320/backoffice", adminPasswords: { "127.0.0.1:54320/backoffice": "the-real-one" } };
    writeFileSync(path.join(dataDir, "dev-state.json"), JSON.stringify(state));
    // Stands in for the first dev server: a live process whose command line names scripts/dev.ts.
    const first = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)", "scripts/dev.ts"], { stdio: "ignore" });
    running.push(first);
    writeFileSync(path.join(dataDir, "dev.lock"), String(first.pid));

    const second = await dev({ DATABASE_URL: test.url });
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`npm run dev is already running in this checkout (pid ${first.pid})`);
    expect(JSON.parse(readFileSync(path.join(dataDir, "dev-state.json"), "utf8"))).toEqual(state);
    expect(await getOperatorByEmail(test.db, "admin@example.com")).toBeUndefined();
  }, 40_000);
});
