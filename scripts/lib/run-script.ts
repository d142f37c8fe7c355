import { spawn } from "node:child_process";
import path from "node:path";

const TSX = path.resolve("node_modules/tsx/dist/cli.mjs");

/** Runs one of the project's TypeScript scripts as `npm run` would, and collects what it printed. */
export function runScript(
  script: string,
  args: string[],
  env: Record<string, string | undefined>,
  options: { interruptAfterMs?: number } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TSX, "--conditions=react-server", script, ...args], { env: env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
    // Ctrl+C, for a script that would otherwise run on (npm run dev): it stops what it started.
    const interrupt = options.interruptAfterMs ? setTimeout(() => child.kill("SIGINT"), options.interruptAfterMs) : undefined;
    child.on("exit", () => clearTimeout(interrupt));
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** The password the operator CLI prints once for `add` and `reset-password`. */
export function printedPassword(stdout: string): string {
  const match = /Password[^:]*: (\S+)/i.exec(stdout);
  if (!match?.[1]) throw new Error(`the operator CLI printed no password:\n${stdout}`);
  return match[1];
}
