import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { createServer } from "node:net";
import { findFreePort } from "../scripts/lib/postgres";
import { nextStartArgs } from "../scripts/lib/server-node";

export type AppServer = { baseURL: string; stop: () => Promise<void> };

/** A port taken between the check that found it free and the server's own listen. */
class PortTaken extends Error {
  constructor(readonly port: number, logFile: string) {
    super(`port ${port} was taken before the app could listen on it (EADDRINUSE); see ${logFile}`);
  }
}

/**
 * `next start` of the last production build, with its output in logFile; resolves once /api/health says the app is
 * healthy, or with `healthy: false` once it answers at all (an app started on purpose without its database).
 *
 * `port` is exact (a port others were already told, like the sandbox's webhook URL), or `{ from }`: the first free one
 * from there. Two Playwright workers starting a spec's app at the same moment both find the same port free; the
 * second server then dies with EADDRINUSE while its health check is answered by the first, and the second worker
 * drives a server the first stops under it (pages cut mid-stream, refused connections). So a server counts only once
 * it says it listens, and `{ from }` moves on to the next free port when it loses that race.
 */
export async function startAppServer(options: { port: number | { from: number }; env: Record<string, string>; logFile: string; healthy?: boolean }): Promise<AppServer> {
  const { port } = options;
  if (typeof port === "number") return startOnce(port, options);
  let candidate = port.from;
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(await findFreePort(candidate), options);
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === 10) throw error;
      candidate = error.port + 1;
    }
  }
}

async function startOnce(port: number, { env, logFile, healthy = true }: { env: Record<string, string>; logFile: string; healthy?: boolean }): Promise<AppServer> {
  const log = createWriteStream(logFile);
  const app = spawn(process.execPath, nextStartArgs(port), {
    // No sync worker unless a spec asks for one: the specs assert figures their own webhooks feed, and a second app on
    // the shared database would otherwise copy the sandbox's whole history into it.
    env: { ...process.env, SYNC_WORKER: "false", ...env, NODE_ENV: "production", AUTH_TRUST_HOST: "true", NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-20_000));
  app.stdout.on("data", keep);
  app.stderr.on("data", keep);
  app.stdout.pipe(log);
  app.stderr.pipe(log);
  const exited = new Promise<void>((resolve) => app.once("exit", () => resolve()));
  const stop = async () => {
    if (app.exitCode === null && app.signalCode === null) {
      app.kill("SIGTERM");
      await exited;
    }
    log.end();
  };
  const baseURL = `http://127.0.0.1:${port}`;
  // scripts/server.mjs prints this once its own listen succeeded: from then on, whatever answers on the port is this server.
  const listening = `server on http://localhost:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (app.exitCode !== null || app.signalCode !== null) {
      await stop();
      if (output.includes("EADDRINUSE")) throw new PortTaken(port, logFile);
      throw new Error(`next start exited with ${app.exitCode ?? app.signalCode}; see ${logFile}`);
    }
    if (output.includes(listening) && (await fetch(`${baseURL}/api/health`).then((r) => r.ok || !healthy, () => false))) return { baseURL, stop };
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`the app did not become healthy at ${baseURL}; see ${logFile}`);
}

/**
 * A port on 127.0.0.1 where nothing listens (a stopped Payment Service): one the system just handed out and took back.
 * Out of the range the specs' servers search from E2E_PORT, so none of them can take it while a spec relies on it.
 */
export function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
