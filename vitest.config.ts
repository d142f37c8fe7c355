import path from "node:path";
import { defineConfig } from "vitest/config";

const exclude = ["node_modules/**", "e2e/**", ".data/**", ".next/**"];

export default defineConfig({
  resolve: {
    tsconfigPaths: true,
    alias: { "server-only": path.resolve(import.meta.dirname, "scripts/test/server-only.ts") },
  },
  test: {
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
