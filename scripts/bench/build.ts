import { spawnSync } from "node:child_process";

/**
 * The benchmarks measure a production build of the code as it is: `next build` first, unless BENCH_SKIP_BUILD=1.
 * `dir` builds another Next app instead (bench:pages's floor, scripts/bench/floor-app).
 */
export function buildUnlessSkipped(dir?: string): void {
  if (process.env.BENCH_SKIP_BUILD === "1") return;
  console.log(`next build${dir ? ` ${dir}` : ""} …`);
  const build = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build", ...(dir ? [dir] : [])], { stdio: "ignore", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (build.status !== 0) throw new Error(`next build${dir ? ` ${dir}` : ""} failed`);
}
