// npm run bench:reconcile-scale -- --url=<database> — what gets slow on a large local copy, timed against a database
// kept by `npm run bench:reconcile -- --generate-only [--max=1000000]` (its N transfers, intents and customers/4):
// the deferred payments' panel (count and first page, and the whole page's 100), the Overview's open-transfers total
// and what "Look for matches now" kept the operator waiting for (a full pass) and what it answers in now (queueing one). Applies the checkout's migrations to that database
// first, and runs one full reconcile pass when no pass has run there yet (the generated data has no suggestions).
// Prints p50 of several runs and the load average. Run it under `flock /tmp/bench.lock`.
import os from "node:os";
import { sql } from "drizzle-orm";
import { connectDatabase } from "@/db";
import { getUnreconciledTransfers, unreconciledTransfersFromRows } from "@/db/queries/overview";
import { runReconciliation } from "@/db/queries/reconciliation";
import { listDeferredIntents } from "@/db/queries/reconciliation-queues";
import { ensureReconcileQueues } from "@/lib/reconciliation/jobs";
import { requestRulesRun } from "@/lib/reconciliation/rules-now";
import { createSyncBoss, ensureSyncQueue } from "@/lib/sync/queue";
import { runMigrations } from "../lib/migrate";
import { median as p50, msText as fmt } from "./figures";

const args = process.argv.slice(2);
const url = args.find((a) => a.startsWith("--url="))?.slice(6);
if (!url) throw new Error("--url=<a database kept by bench:reconcile --generate-only> is required");
const ms = (start: number) => performance.now() - start;
async function timedRuns(runs: number, run: () => Promise<unknown>) {
  await run(); // warm: plans, buffers
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    times.push(ms(start));
  }
  return p50(times);
}

await runMigrations(url);
const { db, client } = connectDatabase(url, { max: 4 });
try {
  const [{ n }] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from mobile_transfers where mode = 'test'`)) as unknown as [{ n: number }];
  const [passed] = await db.execute<{ any: boolean }>(sql`select exists (select 1 from reconciliation_matches where mode = 'test') as any`);
  if (!passed?.any) {
    const start = performance.now();
    await runReconciliation(db, "test");
    console.log(`first full pass (no suggestions yet): ${fmt(ms(start))}`);
    await db.execute(sql`analyze`);
  }
  const deferredPreview = await timedRuns(9, () => listDeferredIntents(db, "test", { limit: 10 }));
  const deferredWhole = await timedRuns(5, () => listDeferredIntents(db, "test", { limit: 100 }));
  const deferred = await listDeferredIntents(db, "test", { limit: 10 });
  const overview = await timedRuns(9, () => getUnreconciledTransfers(db, { mode: "test" }));
  const open = await getUnreconciledTransfers(db, { mode: "test" });
  // The kept figure against the anti-join over the rows (what the Overview read before drizzle/0038): equal, or the bench fails.
  const overviewFromRows = await timedRuns(3, () => unreconciledTransfersFromRows(db, { mode: "test" }));
  const counted = await unreconciledTransfersFromRows(db, { mode: "test" });
  if (JSON.stringify(open) !== JSON.stringify(counted)) throw new Error(`getUnreconciledTransfers ${JSON.stringify(open)} differs from the rows' ${JSON.stringify(counted)}`);
  const passes: number[] = [];
  for (let i = 0; i < 2; i++) {
    const start = performance.now();
    await runReconciliation(db, "test");
    passes.push(ms(start));
  }
  // What the button's request does now: queue the pass (a job and an audit row) and answer. No worker runs here: the
  // first request queues the job, the next ones find it queued.
  const boss = createSyncBoss(url, { sendOnly: true });
  await boss.start();
  let request: number;
  try {
    await ensureSyncQueue(boss);
    await ensureReconcileQueues(boss);
    const operator = { id: "00000000-0000-4000-8000-000000000001", email: "bench@example.cr" };
    await db.execute(sql`insert into operators (id, email, name, password_hash, role) values (${operator.id}::uuid, ${operator.email}, 'Bench', 'x', 'operator') on conflict do nothing`);
    request = await timedRuns(9, () => requestRulesRun(db, boss, { operator, mode: "test" }));
  } finally {
    await boss.stop({ graceful: false });
  }
  console.log(
    `N=${n.toLocaleString("en")}: "Look for matches now" answers in p50 ${fmt(request)} (queues the pass) | deferred panel (10) p50 ${fmt(deferredPreview)}, deferred page (100) p50 ${fmt(deferredWhole)} ` +
      `(total ${JSON.stringify(deferred.total)}) | Overview open transfers p50 ${fmt(overview)} ` +
      `(${open.byCurrency.map((c) => `${c.currency} ${c.count}`).join(", ")}; counted from the rows ${fmt(overviewFromRows)}, equal) | a full pass (what the button ran in the request) ` +
      `${passes.map(fmt).join(", ")} | load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`,
  );
} finally {
  await client.end();
}
