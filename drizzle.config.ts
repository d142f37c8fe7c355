import { defineConfig } from "drizzle-kit";

// Only `generate` uses this file (it needs no database); migrations are applied by scripts/migrate.ts.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.ts",
  out: "./drizzle",
});
