import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { nextStartArgs } from "../scripts/lib/server-node";

export type AppServer = { baseURL: string; stop: () => Promise<void> };

/**
 * `next start` of the last production build on a port, with its output in logFile; resolves once /api/health says the
 * app is healthy, or with `healthy: false` once it answers at all (an app started on purpose without its database).
 */
export async function startAppServer({ port, env, logFile, healthy = true }: { port: number; env: Record<string, string>; logFile: string; healthy?: boolean }): Promise<AppServer> {
  const log = createWriteStream(logFile);
  const app = spawn(process.execPath, nextStartArgs(port), {
    // No sync worker unless a spec asks for one: the specs assert figures their own webhooks feed, and a second app on
    // the shared database would otherwise copy the sandbox's whole history into it.
    env: { ...process.env, SYNC_WORKER: "false", ...env, NODE_ENV: "production", AUTH_TRUST_HOST: "true", NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  app.stdout.pipe(log);
  app.stderr.pipe(log);
  const stop = async () => {
    if (app.exitCode === null && app.signalCode === null) {
      app.kill("SIGTERM");
      await new Promise((resolve) => app.once("exit", resolve));
    }
    log.end();
  };
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (app.exitCode !== null) {
      await stop();
      throw new Error(`next start exited with ${app.exitCode}; see ${logFile}`);
    }
    if (await fetch(`${baseURL}/api/health`).then((r) => r.ok || !healthy, () => false)) return { baseURL, stop };
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`the app did not become healthy at ${baseURL}; see ${logFile}`);
}
