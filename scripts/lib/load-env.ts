import { existsSync } from "node:fs";

/** Scripts run outside Next.js, which would otherwise load .env for us; real environment variables still win. */
export function loadDotEnv(): void {
  for (const file of [".env.local", ".env"]) if (existsSync(file)) process.loadEnvFile(file);
}
