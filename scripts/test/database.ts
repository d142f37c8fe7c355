import { randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate as migrateTo } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { afterAll, beforeAll, inject } from "vitest";
import { connectDatabase, type Database } from "@/db";
import { MIGRATIONS_FOLDER, runMigrations } from "../lib/migrate";
import { createDatabase, dropDatabase } from "../lib/postgres";

/**
 * A fresh, migrated database for one test file (a copy of the template made by global-setup), dropped afterwards.
 * Files run in parallel without seeing each other's rows.
 */
export function freshTestDatabase() {
  const context = {} as { db: Database; url: string };
  const name = `bo_test_${randomBytes(6).toString("hex")}`;
  let close = async () => {};
  beforeAll(async () => {
    const server = inject("postgresUrl");
    // Two files copying the template at the same moment can collide; a short retry settles it.
    for (let attempt = 1; ; attempt++) {
      try {
        context.url = await createDatabase(server, name, inject("templateDatabase"));
        break;
      } catch (error) {
        if (attempt >= 10 || !String(error).includes("being accessed by other users")) throw error;
        await new Promise((r) => setTimeout(r, 100 * attempt));
      }
    }
    const { db, client } = connectDatabase(context.url, { max: 4 });
    context.db = db;
    close = () => client.end();
  });
  afterAll(async () => {
    await close();
    await dropDatabase(inject("postgresUrl"), name);
  });
  return context;
}

/**
 * A database migrated up to migration `last` (its idx in drizzle/meta/_journal.json), as one made before the later
 * ones would be: `client` (one connection) to write what that schema held, then `migrate()` runs the checkout's
 * migrations on it. Dropped by `drop()`.
 */
export async function databaseMigratedTo(last: number) {
  const before = mkdtempSync(path.join(os.tmpdir(), `migrations-${last}-`));
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as { entries: { idx: number; tag: string }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= last);
  mkdirSync(path.join(before, "meta"));
  writeFileSync(path.join(before, "meta/_journal.json"), JSON.stringify(journal));
  for (const entry of journal.entries) copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(before, `${entry.tag}.sql`));
  const name = `bo_test_${String(last).padStart(4, "0")}_${randomBytes(4).toString("hex")}`;
  const url = await createDatabase(inject("postgresUrl"), name);
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await migrateTo(drizzle(client), { migrationsFolder: before });
  } finally {
    rmSync(before, { recursive: true, force: true });
  }
  return {
    url,
    client,
    migrate: () => runMigrations(url),
    drop: async () => {
      await client.end();
      await dropDatabase(inject("postgresUrl"), name);
    },
  };
}
