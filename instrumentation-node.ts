// A bad configuration stops the server here, with a readable message, rather than on the first request.
import { env } from "./lib/env";
import { productionProblems } from "./lib/env-schema";

const settings = env();
if (settings.NODE_ENV === "production") {
  const problems = productionProblems(settings);
  if (problems.length > 0) {
    console.error(`Refusing to start in production:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    process.exit(1);
  }
}

// The sync's job worker runs in the app server unless SYNC_WORKER=false (then `npm run worker` runs it apart).
// A worker that cannot start is logged, not fatal: the pages still serve what is stored.
if (settings.SYNC_WORKER && settings.DATABASE_URL) {
  void import("./lib/sync/boot")
    .then((sync) => sync.bootSyncWorker())
    .catch((error: unknown) => console.error(`[sync] the worker did not start: ${error instanceof Error ? error.message : String(error)}`));
}
