// Lab, not a product bench (no npm script): a resource's pages fetched once from a scale-10 sandbox (LAB_PORT, 3201, or a running one at LAB_SANDBOX_URL), then
// written through the sync's writer into an empty table per variant (LAB_VARIANTS: JSON [{name, sql, insertFirst, maxGroup}], the
// sql run after migrations, split on ";" or on "--> statement-breakpoint" where it has one; LAB_RESOURCE payments, transfers or customers; LAB_DB_PREFIX names the scratch databases), variants interleaved LAB_REPEAT times, with the database's CPU per page from /proc;
// LAB_PERF=<file> records the backends under perf during the last round. Run it under flock /tmp/bench.lock.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { connectDatabase } from "@/db";
import { createPaymentClient } from "@/lib/payments/client";
import { firstSyncPages } from "@/lib/sync/fetch";
import { RESOURCES, type SyncResource } from "@/lib/sync/resources";
import { startSyncPass } from "@/db/queries/sync";
import { createPageWriter } from "@/lib/sync/writer";
import { runMigrations } from "../lib/migrate";
import { createDatabase, dropDatabase } from "../lib/postgres";
import { median } from "./figures";
import { backendCpuMs } from "./cpu";
import { startSyncSandbox, SYNC_BENCH_KEY, waitForSyncSandbox } from "./sync-sandbox";

const resource = (process.env.LAB_RESOURCE ?? "payments") as SyncResource;
const PAGES = Number(process.env.LAB_PAGES ?? 1000);
const REPEAT = Number(process.env.LAB_REPEAT ?? 3);
const port = Number(process.env.LAB_PORT ?? 3201);

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "lab-sync-"));
  const sandbox = process.env.LAB_SANDBOX_URL ? undefined : startSyncSandbox(port, { scale: Number(process.env.LAB_SCALE ?? 10), latencyMs: 0, dataDir });
  const base = process.env.LAB_SANDBOX_URL ?? `http://127.0.0.1:${port}`;
  await waitForSyncSandbox(base);
  const client = createPaymentClient({ baseUrl: base, secretKey: SYNC_BENCH_KEY, logger: () => {}, timeoutMs: 60_000 });
  const def = RESOURCES[resource];
  const pages = await firstSyncPages(client, def, "test", PAGES);
  sandbox?.kill("SIGTERM");
  const server = process.env.DATABASE_URL!;
  const variants: { name: string; sql: string; insertFirst?: boolean; maxGroup?: number }[] = JSON.parse(process.env.LAB_VARIANTS ?? '[{"name":"base","sql":""}]');
  const dbs = [];
  for (const [index, variant] of variants.entries()) {
    const database = `${process.env.LAB_DB_PREFIX ?? "sync_lab"}_${process.pid}_${index}`;
    const url = await createDatabase(server, database);
    await runMigrations(url);
    const { db, client: pg } = connectDatabase(url, { max: 4 });
    // Statements split on ";", or, where the sql has them, on a migration's breakpoints (a function's body holds ";").
    const statements = variant.sql.includes("--> statement-breakpoint") ? variant.sql.split("--> statement-breakpoint") : variant.sql.split(";");
    for (const statement of statements.filter((s) => s.trim())) await db.execute(sql.raw(statement));
    dbs.push({ ...variant, database, db, pg, results: [] as string[], dbMs: [] as number[] });
  }
  const table = ({ payments: "payment_intents", customers: "customers" } as Partial<Record<SyncResource, string>>)[resource] ?? "mobile_transfers";
  try {
    for (let round = 0; round < REPEAT; round++) {
      for (const variant of dbs) {
        const { db, database, results, dbMs } = variant;
        await db.execute(sql.raw(`truncate ${table}`));
        await db.execute(sql`delete from sync_state where resource = ${resource}`);
        await db.execute(sql.raw(`checkpoint`));
        await startSyncPass(db, { mode: "test", resource, kind: "backfill", resume: false, owner: "lab" });
        const cpu0 = backendCpuMs(database)!;
        const own0 = process.cpuUsage();
        const started = performance.now();
        const writer = createPageWriter(db, "test", resource, { cursor: null, rowsDone: 0 }, { insertFirst: !!variant.insertFirst, ...(variant.maxGroup ? { maxGroup: variant.maxGroup } : {}) });
        let done = 0;
        let perf: ReturnType<typeof spawn> | undefined;
        let n = 0;
        for (const page of pages) {
          await writer.write(page, { cursor: page.next ?? null, rowsDone: (done += page.rows.length) });
          if (process.env.LAB_PERF && round === REPEAT - 1 && ++n === 20) {
            const pids = (await db.execute<{ pid: number }>(sql`select pid from pg_stat_activity where datname = ${database}`)).map((r) => r.pid);
            perf = spawn("perf", ["record", "-g", "-o", `${process.env.LAB_PERF}.${variant.name.replace(/\W+/g, "_")}`, "-p", pids.join(",")], { stdio: "ignore" });
            await new Promise((r) => setTimeout(r, 300));
          }
        }
        await writer.drain();
        if (perf) {
          perf.kill("SIGINT");
          await new Promise((r) => perf!.on("exit", r));
        }
        const ms = performance.now() - started;
        const own = process.cpuUsage(own0);
        const dbPerPage = (backendCpuMs(database)! - cpu0) / pages.length;
        dbMs.push(dbPerPage);
        results.push(`db ${dbPerPage.toFixed(2)}, node ${((own.user + own.system) / 1000 / pages.length).toFixed(2)} (sys ${(own.system / 1000 / pages.length).toFixed(2)}), wall ${(ms / pages.length).toFixed(2)} ms/page (load ${os.loadavg()[0]!.toFixed(1)})`);
      }
    }
    for (const { name, results, dbMs } of dbs) {
      console.log(`${resource} ${pages.length} pages [${name}] median db ${median(dbMs).toFixed(2)} ms/page\n  ${results.join("\n  ")}`);
    }
  } finally {
    for (const { pg, database } of dbs) {
      await pg.end();
      await dropDatabase(server, database);
    }
  }
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
