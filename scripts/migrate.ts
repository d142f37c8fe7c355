// npm run db:migrate — apply drizzle/ migrations to DATABASE_URL.
import { loadDotEnv } from "./lib/load-env";
import { runMigrations } from "./lib/migrate";

loadDotEnv();
const url = process.env.DATABASE_URL;
if (!url) {
  console.error("DATABASE_URL is not set. (npm run dev and npm test migrate their own database.)");
  process.exit(2);
}
await runMigrations(url);
console.log("Migrations applied.");
