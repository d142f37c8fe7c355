import path from "node:path";
import { defineConfig } from "vitest/config";

const exclude = ["node_modules/**", "e2e/**", ".data/**", ".next/**"];

export default defineConfig({
  resolve: {
    tsconfigPaths: true,
    alias: { "server-only": path.resolve(import.meta.dirname, "scripts/test/server-only.ts") },
  },
  test: {
    // Vitest's default in run mode is one worker fewer than the cores: one, on these 2-core machines, so every file
    // waited on the one before it, mostly on PostgreSQL and the sandbox. Each integration file has a database of its
    // own (scripts/test/database.ts): three at once took the suite from 226–290 s to 108 s here.
    maxWorkers: 3,
    projects: [
      { extends: true, test: { name: "unit", include: ["**/*.test.ts"], exclude: [...exclude, "**/*.int.test.ts"] } },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["**/*.int.test.ts"],
          exclude,
          // A real PostgreSQL (DATABASE_URL, else embedded) with the migrations applied to a fresh template database.
          globalSetup: ["scripts/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
