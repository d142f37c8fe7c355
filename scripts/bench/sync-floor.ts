// bench:sync's floor: what writing the same pages costs with nothing else going on — through the sync's own writer as a
// backfill uses it (plain inserts first: the table is empty)
// (pages grouped into one statement: a few at least, more while a write is in flight), and as a bare COPY of the same rows into the same table (no upsert rules, no
// checkpoint). PostgreSQL's CPU is read from /proc for this database's backends, so a loaded machine's waiting does
// not count (null when the server is not on this machine). The COPY's own rate is not printed: each COPY through
// postgres.js's writable stream waits ~100 ms to be acknowledged here, which measures the driver, not the database.
import { getTableColumns, getTableName, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { startSyncPass } from "@/db/queries/sync";
import type { Database } from "@/db";
import { mobileTransfers, paymentIntents } from "@/db/schema";
import type { ParsedSyncPage } from "@/lib/sync/page";
import type { SyncResource } from "@/lib/sync/resources";
import { createPageWriter } from "@/lib/sync/writer";
import { backendCpuMs } from "./cpu";

const TABLES: Partial<Record<SyncResource, PgTable>> = { payments: paymentIntents, transfers: mobileTransfers };
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
