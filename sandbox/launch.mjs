// npm run sandbox — starts sandbox/main.ts in one Node process whose heap is sized for SANDBOX_SCALE.
// Without a cap V8 keeps far more heap than the data needs after generating it (≈420 MB resident at scale 10 for
// ≈210 MB of live data); with one it collects sooner and stays under 400 MB (npm run bench:sandbox measures it).
import { spawn } from "node:child_process";
import { readDevStateFile } from "../scripts/lib/dev-state-file.mjs";

const scale = Number(process.env.SANDBOX_SCALE ?? 1) || 1;
const heapMb = Math.max(256, Math.ceil(100 + 22 * scale));
// `scenarios`, `scenario`, `clock` talk to a running sandbox: without SANDBOX_PORT, the one `npm run dev` started
// (it may run on another port than 4010). `serve` and `reset` keep their own default.
const [command = "serve"] = process.argv.slice(2).filter((arg) => !arg.startsWith("-"));
const env = { ...process.env };
if (!env.SANDBOX_PORT && !["serve", "reset"].includes(command)) {
  const sandboxUrl = readDevStateFile()?.sandboxUrl;
  if (sandboxUrl) env.SANDBOX_PORT = new URL(sandboxUrl).port;
}
const child = spawn(process.execPath, [`--max-old-space-size=${heapMb}`, "--import", "tsx", "sandbox/main.ts", ...process.argv.slice(2)], {
  stdio: "inherit",
  env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
