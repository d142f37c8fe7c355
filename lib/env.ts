import "server-only";
import { z } from "zod";
import { DEV_DEFAULT_SECRETS, parseEnv, type Env } from "./env-schema";

export type { Env };
export { DEV_DEFAULT_SECRETS };

let cached: Env | undefined;

/**
 * The one place that reads process.env. Parsed on first use, not at import time, so that `next build`
 * (which imports route modules) does not need runtime secrets.
 */
export function env(): Env {
  if (!cached) {
    const result = parseEnv(process.env);
    if (!result.success) throw new Error(formatEnvError(result.error));
    cached = result.data;
  }
  return cached;
}

export function formatEnvError(error: z.ZodError): string {
  const lines = error.issues.map((issue) => `  - ${issue.path.join(".") || "(env)"}: ${issue.message}`);
  return `Invalid configuration (see .env.example):\n${lines.join("\n")}`;
}

/** The benchmark's reference route (app/api/bench/floor) answers only when the benchmark started the server. */
export function benchFloorEnabled(): boolean {
  return process.env.BENCH_FLOOR_ROUTE === "1";
}
