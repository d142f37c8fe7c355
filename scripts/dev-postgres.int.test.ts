import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// @smoke: the embedded server itself.
// Ctrl+C sends SIGINT to the terminal's whole foreground group. The embedded PostgreSQL must not be in it: it would
// stop before the app, whose sync worker then logs "terminating connection due to administrator command".
const dataDir = mkdtempSync(path.join(os.tmpdir(), "dev-pg-"));
chmodSync(dataDir, 0o755); // the server runs as the `postgres` user when the tests run as root
let devGroup: number | undefined;
afterAll(async () => {
  // A failed run must not leave dev (and what it started) running.
  if (devGroup && alive(devGroup)) {
    process.kill(-devGroup, "SIGINT");
    await new Promise((r) => setTimeout(r, 5_000));
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const groupOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")[2]);

describe("npm run dev's embedded PostgreSQL", () => {
  it("runs outside dev's process group, so Ctrl+C reaches dev first, and is stopped by dev", async () => {
    const env: Record<string, string | undefined> = { PATH: process.env.PATH, DEV_DATA_DIR: dataDir, PORT: "3754", SANDBOX_PORT: "3755", SANDBOX_SCALE: "0.1" };
    const dev = spawn(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", "scripts/dev.ts"], {
      env: env as NodeJS.ProcessEnv,
      detached: true, // the group a terminal would signal
      stdio: ["ignore", "pipe", "pipe"],
    });
    devGroup = dev.pid;
    let output = "";
    dev.stdout.on("data", (chunk) => (output += chunk));
    dev.stderr.on("data", (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => dev.on("exit", resolve));
    const deadline = Date.now() + 60_000;
    while (!output.includes("[dev] embedded PostgreSQL") && Date.now() < deadline && dev.exitCode === null) await new Promise((r) => setTimeout(r, 100));
    expect(output).toContain("[dev] embedded PostgreSQL");

    const postgres = Number(readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0]);
    expect(groupOf(postgres)).not.toBe(dev.pid);
    process.kill(-dev.pid!, "SIGINT");
    expect({ code: await exited, output }).toMatchObject({ code: 0 });
    expect(alive(postgres)).toBe(false);
  }, 120_000);
});
