import "server-only";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { env } from "@/lib/env";
import * as schema from "./schema";

export function connectDatabase(url: string, options: { max?: number } = {}) {
  const client = postgres(url, {
    // Up to 20: renewal events hold a connection of their own for their locked transaction, and with fewer the
    // webhook benchmark's renewal deliveries queued for one (p50 48 ms against 29 ms for the other events).
    max: options.max ?? 20,
    // Fail fast when the database is down: callers answer 503 rather than hang.
    connect_timeout: 5,
    // The wait before a connection that failed is tried again, which a query waits through. postgres.js's own grows as
    // 3^failures/100 s, up to 20 s, and is reset only by a connection that succeeds: after an outage of a few dozen
    // refused queries, the first page once the database is back hung 10–20 s (Retry spun, e2e/database-down.spec.ts).
    // At most half a second: a process holds at most `max` connections, so quicker retries cannot flood the server.
    backoff: (failures: number) => Math.min(0.1 * failures, 0.5),
    onnotice: () => {},
  });
  return { db: drizzle(client, { schema }), client };
}

export type Database = ReturnType<typeof connectDatabase>["db"];
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Queries take either the pool or a transaction, so a caller can group writes with their audit row. */
export type Db = Database | Transaction;

// One pool per process; kept on globalThis so dev-server reloads do not open a new pool each time.
const globalForDb = globalThis as unknown as { backofficeDb?: ReturnType<typeof connectDatabase> };

export function getDb(): Database {
  if (!globalForDb.backofficeDb) {
    const url = env().DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set (npm run dev and npm test set it for you)");
    globalForDb.backofficeDb = connectDatabase(url);
  }
  return globalForDb.backofficeDb.db;
}
