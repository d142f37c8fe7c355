// npm start — the production server, which refuses to run on development secrets.
import { spawn } from "node:child_process";
import { productionProblems, parseEnv } from "@/lib/env-schema";
import { devOnlySecrets } from "./lib/dev-state";
import { loadDotEnv } from "./lib/load-env";
import { nextStartArgs } from "./lib/server-node";

loadDotEnv();
const parsed = parseEnv({ ...process.env, NODE_ENV: "production" });
if (!parsed.success) {
  console.error("Refusing to start: invalid configuration.");
  for (const issue of parsed.error.issues) console.error(`  - ${issue.path.join(".")}: ${issue.message}`);
  process.exit(1);
}
const problems = productionProblems(parsed.data, devOnlySecrets());
if (problems.length > 0) {
  console.error("Refusing to start in production:");
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}

const port = process.env.PORT ?? "3000";
const child = spawn(process.execPath, nextStartArgs(port), {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
