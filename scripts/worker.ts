// npm run worker — the sync's job worker alone (set SYNC_WORKER=false on the app servers to keep it only here).
import { bootSyncWorker } from "@/lib/sync/boot";
import { loadDotEnv } from "./lib/load-env";

loadDotEnv();
bootSyncWorker().catch((error: unknown) => {
  console.error(`[worker] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
