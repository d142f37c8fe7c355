import path from "node:path";
import { DATA_DIR } from "../lib/dev-state";
import { runMigrations } from "../lib/migrate";
import { createDatabase, dropDatabase, ensurePostgres } from "../lib/postgres";

/**
 * A benchmark's scratch database: on DATABASE_URL's server (else an embedded one under .data/pg-bench), created fresh
 * as `bench_<name>_<pid>` and migrated. `dispose` drops it and stops an embedded server.
 */
export async function benchDatabase(name: string) {
  const server = await ensurePostgres({ dataDir: path.join(DATA_DIR, "pg-bench"), preferredPort: 54350 });
  const database = `bench_${name}_${process.pid}`;
  const url = await createDatabase(server.url, database);
  await runMigrations(url);
  return {
    server,
    url,
    async dispose() {
      await dropDatabase(server.url, database).catch(() => {});
      await server.stop();
    },
  };
}
