// bench:sync's floor: what writing the same pages costs with nothing else going on — through the sync's own writer as a
// backfill uses it (plain inserts first: the table is empty)
// (pages grouped into one statement: a few at least, more while a write is in flight), and as a bare COPY of the same rows into the same table (no upsert rules, no
// checkpoint). PostgreSQL's CPU is read from /proc for this database's backends, so a loaded machine's waiting does
// not count (null when the server is not on this machine). The COPY's own rate is not printed: each COPY through
// postgres.js's writable stream waits ~100 ms to be acknowledged here, which measures the driver, not the database.
import { readdirSync, readFileSync } from "node:fs";
import { getTableColumns, getTableName, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { startSyncPass } from "@/db/queries/sync";
import type { Database } from "@/db";
import { mobileTransfers, paymentIntents } from "@/db/schema";
import type { ParsedSyncPage } from "@/lib/sync/page";
import type { SyncResource } from "@/lib/sync/resources";
import { createPageWriter } from "@/lib/sync/writer";

const TABLES: Partial<Record<SyncResource, PgTable>> = { payments: paymentIntents, transfers: mobileTransfers };
const TICK_MS = 10; // USER_HZ on Linux

/**
 * CPU milliseconds used so far by every backend connected to `database`, by their parallel workers, and by every server
 * process that has ended (the postmaster's reaped children: parallel workers once done, autovacuum workers, closed
 * connections), so that a statement's parallel workers count, alive or gone (null when the backends are not local
 * processes). A difference of two readings is the server's CPU in between.
 */
export function backendCpuMs(database: string): number | null {
  const processes: { pid: number; cmdline: string; fields: string[] }[] = [];
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (!cmdline.includes("postgres")) continue;
      processes.push({ pid: Number(pid), cmdline, fields: readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ") });
    } catch {
      // gone meanwhile
    }
  }
  const own = (fields: string[]) => Number(fields[11]) + Number(fields[12]);
  const backends = processes.filter((p) => p.cmdline.includes(` ${database} `));
  if (backends.length === 0) return null;
  const leaders = new Set(backends.map((p) => String(p.pid)));
  const workers = processes.filter((p) => leaders.has(/parallel worker for PID (\d+)/.exec(p.cmdline)?.[1] ?? ""));
  // Children's times (cutime, cstime) count once the postmaster has waited for them.
  const postmaster = processes.find((p) => p.pid === Number(backends[0]!.fields[1]));
  const reaped = postmaster ? Number(postmaster.fields[13]) + Number(postmaster.fields[14]) : 0;
  return ([...backends, ...workers].reduce((sum, p) => sum + own(p.fields), 0) + reaped) * TICK_MS;
}

/** CPU milliseconds used so far by a process and its descendants (the sandbox runs under a launcher). */
export function processTreeCpuMs(root: number): number {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      stats.set(Number(pid), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // gone meanwhile
    }
  }
  let ticks = 0;
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.pop()!;
    ticks += stats.get(pid)?.ticks ?? 0;
    for (const [child, stat] of stats) if (stat.ppid === pid) queue.push(child);
  }
  return ticks * TICK_MS;
}

const copyText = (value: unknown): string => {
  if (value === null || value === undefined) return "\\N";
  const text = typeof value === "object" ? JSON.stringify(value) : String(value);
  return text.replace(/[\\\t\n\r]/g, (c) => ({ "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" })[c]!);
};

/** The rows as one COPY per page, on a connection that commits without waiting for the WAL flush (as the sync's own). */
async function copyPages(db: Database, table: PgTable, pages: ParsedSyncPage[]): Promise<void> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const connection = await db.$client.reserve();
  try {
    await connection`set synchronous_commit = off`;
    for (const page of pages) {
      const keys = Object.keys(page.rows[0]!);
      const body = page.rows.map((row) => keys.map((key) => copyText(row[key])).join("\t")).join("\n") + "\n";
      const stream = await connection.unsafe(`copy "${getTableName(table)}" (${keys.map((key) => `"${columns[key]!.name}"`).join(", ")}) from stdin`).writable();
      await new Promise<void>((resolve, reject) => {
        stream.on("error", reject);
        stream.on("finish", resolve);
        stream.end(body);
      });
    }
    await connection`reset synchronous_commit`;
  } finally {
    connection.release();
  }
}

export type FloorFigures = { pages: number; rows: number; writer: { rowsPerSecond: number; dbCpuMsPerPage: number | null }; copy: { rowsPerSecond: number; dbCpuMsPerPage: number | null } };

export async function measureWriteFloor(db: Database, database: string, resource: SyncResource, pages: ParsedSyncPage[]): Promise<FloorFigures> {
  const table = TABLES[resource]!;
  const rows = pages.reduce((sum, page) => sum + page.rows.length, 0);
  const measure = async (write: () => Promise<void>) => {
    await db.execute(sql`truncate ${table}`);
    await db.execute(sql`delete from sync_state where resource = ${resource}`);
    await startSyncPass(db, { mode: "test", resource, kind: "backfill", resume: false, owner: "bench" });
    const cpu = backendCpuMs(database);
    const started = performance.now();
    await write();
    const ms = performance.now() - started;
    const after = backendCpuMs(database);
    return { rowsPerSecond: Math.round(rows / (ms / 1000)), dbCpuMsPerPage: cpu === null || after === null ? null : (after - cpu) / pages.length };
  };
  const writer = await measure(async () => {
    const writer = createPageWriter(db, "test", resource, { cursor: null, rowsDone: 0 }, { insertFirst: true });
    let done = 0;
    for (const page of pages) await writer.write(page, { cursor: page.next ?? null, rowsDone: (done += page.rows.length) });
    await writer.drain();
  });
  const copy = await measure(() => copyPages(db, table, pages));
  // Leave nothing behind: the pass claimed above would refuse the next real pass of this resource for its lease.
  await db.execute(sql`truncate ${table}`);
  await db.execute(sql`delete from sync_state where resource = ${resource}`);
  return { pages: pages.length, rows, writer, copy };
}
