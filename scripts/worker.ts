// npm run worker — the sync's job worker alone (set SYNC_WORKER=false on the app servers to keep it only here).
import { bootSyncWorker } from "@/lib/sync/boot";
import { loadDotEnv } from "./lib/load-env";

loadDotEnv();
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
