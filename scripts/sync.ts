// npm run sync — one sync pass in the foreground, with a progress line; exits 1 if any resource failed.
import { connectDatabase } from "@/db";
import { parseSyncArgs, SYNC_USAGE } from "@/lib/sync/cli-args";
import { besideDev, scriptDatabase } from "./lib/dev-state";
import { loadDotEnv } from "./lib/load-env";

loadDotEnv();
const args = parseSyncArgs(process.argv.slice(2));
if ("help" in args) {
  console.log(SYNC_USAGE);
  process.exit(0);
}
if ("error" in args) {
  console.error(`${args.error}\n\n${SYNC_USAGE}`);
  process.exit(2);
}

// Beside a running `npm run dev` with nothing configured: its database, its sandbox and the sandbox's dev keys.
const database = scriptDatabase();
if (database) console.error(database.line);
Object.assign(process.env, besideDev(process.env));

const { env } = await import("@/lib/env");
const { createModeClient } = await import("@/lib/payments");
const { syncedModes } = await import("@/lib/sync/boot");
const { runSync } = await import("@/lib/sync/run");
const { SYNC_CLIENT_OPTIONS } = await import("@/lib/sync/fetch");
const { reconcileOwedAfterSync } = await import("@/lib/reconciliation/jobs");
const { recountQueueCounts, runReconciliation } = await import("@/db/queries/reconciliation");

const settings = env();
if (!settings.DATABASE_URL) {
  console.error("DATABASE_URL is not set and no `npm run dev` database was found");
  process.exit(2);
}
const configured = syncedModes();
const modes = args.modes ?? configured;
const missing = modes.filter((mode) => !configured.includes(mode));
if (modes.length === 0 || missing.length > 0) {
  console.error(`No Payment Service key for ${missing.join(", ") || "any mode"}: set PAYMENT_SECRET_KEY_TEST / PAYMENT_SECRET_KEY_LIVE`);
  process.exit(2);
}

const { db, client } = connectDatabase(settings.DATABASE_URL, { max: 4 });
const tty = process.stderr.isTTY;
let failed = 0;
for (const mode of modes) {
  const payments = createModeClient(mode, { ...SYNC_CLIENT_OPTIONS, logger: () => {} });
  for (const resource of args.resources) {
    const started = performance.now();
    let reconciled: string | null = null;
    const result = await runSync({
      db,
      client: payments,
      mode,
      resource,
      full: args.full,
      kind: args.refresh ? "refresh" : undefined,
      worker: `cli pid ${process.pid}`,
      // The reconciliation pass the rows ask for (the worker queues it), run here in the transaction that records the
      // pass's end: a copy completed by this command is never left without its first full pass, worker or not.
      onFinish: async (tx, done) => {
        const owed = await reconcileOwedAfterSync(tx, done);
        if (!owed) return;
        const stats = await runReconciliation(tx, owed.mode, owed.scope);
        // After a full pass, the queue counts recounted (what a race left healed), as the rules' job does.
        if (!owed.scope) await recountQueueCounts(tx, owed.mode);
        reconciled = `${owed.scope ? "reconciliation over its rows" : "reconciliation, full pass"}: ${stats.suggestions.toLocaleString("en")} suggestions, ${stats.linked.toLocaleString("en")} linked by the service`;
      },
      onProgress: (p) => {
        if (!tty) return;
        const of = p.total !== undefined && p.kind !== "refresh" ? ` / ${p.total.toLocaleString("en")}` : "";
        process.stderr.write(`\r${mode} ${resource} ${p.kind}: ${p.rowsDone.toLocaleString("en")}${of} rows   `);
      },
    });
    if (tty) process.stderr.write("\r\x1b[K");
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const problems = result.problems ? `, ${result.problems} records set aside (sync_problems)` : "";
    const reconcile = reconciled ? `; ${reconciled}` : "";
    if (result.error) {
      failed++;
      console.error(`${mode} ${resource} ${result.kind}: FAILED after ${result.rows} rows: ${result.error}`);
      if (result.keyProblem) break; // the same key would fail every other resource of this mode
    } else {
      console.log(`${mode} ${resource} ${result.kind}: ${result.rows.toLocaleString("en")} rows, ${result.apiCalls} API calls, ${seconds} s${problems}${reconcile}`);
    }
  }
}
await client.end();
process.exit(failed > 0 ? 1 : 0);
