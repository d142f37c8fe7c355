import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { connectDatabase } from "@/db";
import { getOperatorById } from "@/db/queries/operators";
import { findFreePort } from "@/scripts/lib/postgres";
import { databaseRelay } from "@/scripts/test/database-relay";
import { freshTestDatabase } from "@/scripts/test/database";
import { databaseUnavailableResponse } from "./http";
import { DatabaseUnavailableError, isDatabaseRetryable, isDatabaseUnreachable, rethrowUnreachable } from "./unreachable";

// Real errors from the real driver: a server where nothing listens, and a server that is up but refuses a query.
const test = freshTestDatabase();

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
}

describe("isDatabaseUnreachable", () => {
  it("is true for a refused connection, through Drizzle's wrapping, and rethrown as DatabaseUnavailableError", async () => {
    const { db, client } = connectDatabase(`postgres://root@127.0.0.1:${await findFreePort(45_000)}/nothing`, { max: 1 });
    try {
      const error = await failure(() => getOperatorById(db, "00000000-0000-0000-0000-000000000000"));
      expect(isDatabaseUnreachable(error)).toBe(true);
      const rethrown = await failure(async () => rethrowUnreachable(error));
      expect(rethrown).toBeInstanceOf(DatabaseUnavailableError);
      expect(rethrown).toMatchObject({ digest: "DATABASE_UNAVAILABLE" });
    } finally {
      await client.end({ timeout: 1 });
    }
  });

  it("is false for a query the server refuses, which a page must not pass off as an outage", async () => {
    for (const statement of [sql`select * from no_such_table`, sql`select 1/0`, sql`select 'x'::uuid`]) {
      const error = await failure(() => test.db.execute(statement));
      expect(isDatabaseUnreachable(error)).toBe(false);
      expect(await failure(async () => rethrowUnreachable(error))).toBe(error);
    }
    expect(isDatabaseUnreachable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnreachable(null)).toBe(false);
  });

  it("is true when the server is up but takes no connections (too many, shutting down)", () => {
    const postgresError = (code: string) => Object.assign(new Error("refused"), { name: "PostgresError", code });
    expect(isDatabaseUnreachable(postgresError("53300"))).toBe(true);
    expect(isDatabaseUnreachable(postgresError("57P01"))).toBe(true);
    expect(isDatabaseUnreachable(postgresError("40P01"))).toBe(false); // a deadlock is a query's failure
  });
});

describe("isDatabaseRetryable", () => {
  it("is true for an outage and for a deadlock or lost serialization, false for the statement's own failure", async () => {
    const { db, client } = connectDatabase(`postgres://root@127.0.0.1:${await findFreePort(45_000)}/nothing`, { max: 1 });
    try {
      expect(isDatabaseRetryable(await failure(() => getOperatorById(db, "00000000-0000-0000-0000-000000000000")))).toBe(true);
    } finally {
      await client.end({ timeout: 1 });
    }
    const postgresError = (code: string) => Object.assign(new Error("refused"), { name: "PostgresError", code });
    for (const code of ["40P01", "40001", "53200", "57014"]) expect(isDatabaseRetryable(new Error("Failed query", { cause: postgresError(code) })), code).toBe(true);
    for (const statement of [sql`select * from no_such_table`, sql`select 1/0`, sql`select 'x'::uuid`]) {
      expect(isDatabaseRetryable(await failure(() => test.db.execute(statement)))).toBe(false);
    }
  });
});

it("the API answer says 503, why, and when to come back", async () => {
  const response = databaseUnavailableResponse();
  expect(response.status).toBe(503);
  expect(response.headers.get("retry-after")).toBe("10");
  expect(await response.json()).toMatchObject({ error: "database_unavailable", retryAfterSeconds: 10 });
});

// The pool's connections wait before trying a failed connection again, and a query waits with them: after an outage,
// the first query once the database is back must not wait out a backoff grown during the outage (postgres.js's own
// reached 10–20 s after eight refusals, and the page the operator retried hung that long).
it("after an outage of many refused queries, the first query once the database is back answers within a second", async () => {
  const relay = await databaseRelay(test.url);
  const { db, client } = connectDatabase(relay.url, { max: 1 });
  try {
    for (let refused = 0; refused < 8; refused++) {
      const started = performance.now();
      expect(isDatabaseUnreachable(await failure(() => db.execute(sql`select 1`)))).toBe(true);
      // Failing is quick too: the page explains the outage instead of hanging.
      expect(performance.now() - started).toBeLessThan(1_000);
    }
    await relay.up();
    const started = performance.now();
    expect(await db.execute(sql`select 1 as one`)).toEqual([{ one: 1 }]);
    expect(performance.now() - started).toBeLessThan(1_000);
  } finally {
    await client.end({ timeout: 1 });
    await relay.down();
  }
}, 60_000);
