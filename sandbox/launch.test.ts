import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

// `npm run sandbox -- scenarios` beside `npm run dev` on another sandbox port: it asks the sandbox dev started.
describe("npm run sandbox -- scenarios", () => {
  it("without SANDBOX_PORT, asks the sandbox of npm run dev's state", async () => {
    const server = createServer((req, res) => res.end(JSON.stringify({ asked: req.url })));
    await new Promise<void>((resolve) => server.listen(3759, "127.0.0.1", resolve));
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "sandbox-launch-"));
    try {
      writeFileSync(path.join(dataDir, "dev-state.json"), JSON.stringify({ authSecret: "s", sandboxUrl: "http://127.0.0.1:3759" }));
      const env: NodeJS.ProcessEnv = { ...process.env, SANDBOX_PORT: "", DEV_DATA_DIR: dataDir };
      const child = spawn(process.execPath, ["sandbox/launch.mjs", "scenarios"], { env, stdio: ["ignore", "pipe", "pipe"] });
      let output = "";
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
      const code = await new Promise((resolve) => child.on("close", resolve));
      expect(output).toContain('"asked": "/_sandbox/scenarios"');
      expect(code).toBe(0);
    } finally {
      server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
