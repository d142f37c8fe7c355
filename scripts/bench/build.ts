import { spawnSync } from "node:child_process";

/** The benchmarks measure a production build of the code as it is: `next build` first, unless BENCH_SKIP_BUILD=1. */
export function buildUnlessSkipped(): void {
  if (process.env.BENCH_SKIP_BUILD === "1") return;
  console.log("next build …");
  const build = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { stdio: "ignore", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (build.status !== 0) throw new Error("next build failed");
}
