// npm run worker — the sync's job worker alone (set SYNC_WORKER=false on the app servers to keep it only here).
// Beside `npm run dev` with nothing configured it uses dev's database, sandbox and keys, as `npm run sync` does.
import { besideDev, scriptDatabase } from "./lib/dev-state";
import { loadDotEnv } from "./lib/load-env";
import { workerPlan } from "./lib/worker-plan";

loadDotEnv();
const database = scriptDatabase();
if (!database) {
  console.error("[worker] DATABASE_URL is not set and no `npm run dev` database was found (start `npm run dev`, or set DATABASE_URL)");
  process.exit(2);
}
Object.assign(process.env, besideDev(process.env));

// After the environment is complete: lib/env reads it once.
const { env } = await import("@/lib/env");
const { bootSyncWorker, syncedModes } = await import("@/lib/sync/boot");
const settings = env();
for (const line of [database.line, ...workerPlan(syncedModes(), settings)]) console.log(`[worker] ${line}`);

bootSyncWorker()
  .then((worker) => {
    // Finish the pages in hand (a pass cut later resumes from its checkpoint anyway), then leave.
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      process.once(signal, () => void worker.stop().finally(() => process.exit(0)));
    }
  })
  .catch((error: unknown) => {
    console.error(`[worker] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
