import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "@/db";
import { getSyncState, startSyncPass, upsertSyncedRows } from "@/db/queries/sync";
import { mobileTransfers, paymentIntents } from "@/db/schema";
import { freshTestDatabase } from "@/scripts/test/database";
import { fetchSyncPage, firstSyncPages } from "./fetch";
import { parseSyncPage, type ParsedSyncPage } from "./page";
import { RESOURCES } from "./resources";
import { sandboxClient, sandboxForTheseTests } from "./test-support";
import { createPageWriter, type PageWriterOptions } from "./writer";

// @smoke: the sync's write statements (arrays of text read back as each column's type).
// The backfill's writer against a real PostgreSQL, with pages read from the sandbox over HTTP: a write waits for a few
// pages (or a few milliseconds), pages that arrive while a write is in flight go together as the next write (group
// commit), and grouping never changes what is stored.

const test = freshTestDatabase();
const sandbox = sandboxForTheseTests();

async function intentPages(count: number): Promise<ParsedSyncPage[]> {
  const client = sandboxClient(sandbox.current, "test");
  const def = RESOURCES.payments;
  const pages = await firstSyncPages(client, def, "test", count);
  expect(pages.length).toBe(count);
  return pages;
}

/** The database, with each statement the writer sends counted (the writer reaches PostgreSQL only through reserve()). */
function counting(db: Database) {
  const statements: string[] = [];
  const client = new Proxy(db.$client, {
    get(target, property, receiver) {
      if (property !== "reserve") return Reflect.get(target, property, receiver);
      return async () => {
        const connection = await target.reserve();
        return new Proxy(connection, {
          get(conn, name, r) {
            if (name !== "unsafe") return Reflect.get(conn, name, r);
            return (text: string, params: unknown[], options: object) => {
              statements.push(text);
              return conn.unsafe(text, params as never[], options);
            };
          },
        });
      };
    },
  });
  return { db: new Proxy(db, { get: (target, property, receiver) => (property === "$client" ? client : Reflect.get(target, property, receiver)) }), statements };
}

async function fresh() {
  await test.db.execute(sql`truncate payment_intents`);
  await test.db.execute(sql`delete from sync_state`);
  await startSyncPass(test.db, { mode: "test", resource: "payments", kind: "backfill", resume: false, owner: "writer test" });
}

async function writeAll(db: Database, pages: ParsedSyncPage[], options: PageWriterOptions = {}, start = { cursor: null as string | null, rowsDone: 0 }) {
  const writer = createPageWriter(db, "test", "payments", start, options);
  let done = 0;
  for (const page of pages) await writer.write(page, { cursor: page.next ?? null, rowsDone: (done += page.rows.length) });
  await writer.drain();
  return done;
}

const stored = async () => (await test.db.select({ n: sql<number>`count(*)::int` }).from(paymentIntents))[0]!.n;

describe("the sync's page writer", () => {
  it("writes several pages as one write, those fetched while a write runs as the next, its checkpoint after the last of them", async () => {
    const pages = await intentPages(8);
    await fresh();
    const { db, statements } = counting(test.db);
    // Nothing here waits for the network between pages: the first write waits for four pages, the other four come
    // while it is in flight (or within the wait) and go together.
    const rows = await writeAll(db, pages, { minGroup: 4, waitMs: 1_000 });
    expect(statements).toHaveLength(2);
    expect(await stored()).toBe(rows);
    expect(await getSyncState(test.db, "test", "payments")).toMatchObject({ cursor: pages.at(-1)!.next ?? null, rowsDone: rows });

    // A group holds at most maxGroup pages: the fetch loop waits instead.
    await fresh();
    const small = counting(test.db);
    await writeAll(small.db, pages, { maxGroup: 3 });
    expect(small.statements.length).toBe(Math.ceil(pages.length / 3));
    expect(await stored()).toBe(rows);
  });

  it("sends a write once its first page has waited waitMs, without waiting for more pages or the end of the pass", async () => {
    const [page] = await intentPages(1);
    await fresh();
    const { db, statements } = counting(test.db);
    const writer = createPageWriter(db, "test", "payments", { cursor: null, rowsDone: 0 }, { minGroup: 4, waitMs: 1_000 });
    await writer.write(page!, { cursor: page!.next ?? null, rowsDone: page!.rows.length });
    // Queued: the write waits for more pages…
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(statements).toHaveLength(0);
    expect(await stored()).toBe(0);
    // …but not for ever (a slow API: each page is its own write, waitMs later).
    await expect.poll(async () => stored(), { timeout: 5_000, interval: 50 }).toBe(page!.rows.length);
    expect(statements).toHaveLength(1);
    expect(await getSyncState(test.db, "test", "payments")).toMatchObject({ cursor: page!.next ?? null, rowsDone: page!.rows.length });
    await writer.drain();
    expect(statements).toHaveLength(1);
  });

  it("never groups pages that list the same record: page order decides what is stored", async () => {
    const [first, second] = await intentPages(2);
    const row = first!.rows.find((r) => r.description)!;
    expect(row).toBeDefined();
    await fresh();
    // The record again on a later page, without its description: the upsert keeps the stored one (it never clears
    // it); folded into one write with the later copy winning, the description would be lost.
    const again: ParsedSyncPage = { ...second!, rows: [...second!.rows, { ...row, description: null }] };
    const { db, statements } = counting(test.db);
    // The first two pages go together; the third lists the record again, so it starts a write of its own.
    await writeAll(db, [{ ...first!, rows: first!.rows.filter((r) => r !== row) }, { ...first!, rows: [row] }, again]);
    const [stored] = await test.db
      .select({ description: paymentIntents.description })
      .from(paymentIntents)
      .where(and(eq(paymentIntents.mode, "test"), eq(paymentIntents.id, String(row.id))));
    expect(stored!.description).toBe(row.description);
    expect(statements.length).toBe(2);
  });

  it("stores every character a record can carry, through a page and through a confirmation", async () => {
    const [page] = await intentPages(1);
    await fresh();
    const awkward = [
      'a "quoted" \\back\\slash\\, {braces}, commas',
      "a new\nline, a\ttab and a carriage\rreturn",
      "NULL",
      "",
      "ünïcødé 😀 \u0001",
    ];
    const rows: Record<string, unknown>[] = page!.rows.slice(0, awkward.length).map((row, index) => ({
      ...row,
      description: awkward[index],
      metadata: { note: awkward[index], nested: { list: [awkward[(index + 1) % awkward.length], null, 1.5] } },
    }));
    await writeAll(test.db, [{ ...page!, rows }]);
    const read = async (ids: unknown[]) =>
      test.db
        .select({ id: paymentIntents.id, description: paymentIntents.description, metadata: paymentIntents.metadata })
        .from(paymentIntents)
        .where(sql`${paymentIntents.mode} = 'test' and ${paymentIntents.id} in ${ids}`)
        .orderBy(paymentIntents.id);
    const expected = rows.map((row) => ({ id: row.id, description: row.description, metadata: row.metadata })).sort((a, b) => String(a.id).localeCompare(String(b.id)));
    expect(await read(rows.map((row) => row.id))).toEqual(expected);

    // The re-read's confirmations go through the same statement outside a page.
    const confirmed: Record<string, unknown> = { ...page!.rows[awkward.length]!, description: awkward[1], metadata: { note: awkward[0] } };
    await upsertSyncedRows(test.db, "payments", [confirmed]);
    expect(await read([confirmed.id])).toEqual([{ id: confirmed.id, description: awkward[1], metadata: { note: awkward[0] } }]);

    // No metadata is SQL's NULL, not JSON's null (which a later record's coalesce would keep instead of its own).
    const bare: Record<string, unknown> = { ...page!.rows[awkward.length + 1]!, metadata: null, lastError: null };
    await writeAll(test.db, [{ ...page!, rows: [bare] }], {}, { cursor: page!.next ?? null, rowsDone: rows.length });
    const [nulls] = await test.db.execute<{ metadata: boolean; lastError: boolean }>(
      sql`select metadata is null as metadata, last_error is null as "lastError" from payment_intents where mode = 'test' and id = ${String(bare.id)}`,
    );
    expect(nulls).toEqual({ metadata: true, lastError: true });
  });

  // What a write stores, column by column (updated_at aside: the time of the write).
  const contents = async () =>
    test.db.execute(sql`select mode, id, status, status_rank, amount, currency, customer_id, description, metadata, last_error, payment_method_id,
      conflict, created_at, last_event_at, synced_at from payment_intents order by mode, id`);
  const isUpsert = (statement: string) => /on conflict \("mode", "id"\)/.test(statement);

  it("writes a backfill into an empty table as plain inserts (no ON CONFLICT probe per row), storing what the upsert stores", async () => {
    const pages = await intentPages(6);
    await fresh();
    await writeAll(test.db, pages);
    const upserted = await contents();

    await fresh();
    const { db, statements } = counting(test.db);
    const rows = await writeAll(db, pages, { insertFirst: true });
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.filter(isUpsert)).toEqual([]);
    expect(await contents()).toEqual(upserted);
    expect(await getSyncState(test.db, "test", "payments")).toMatchObject({ cursor: pages.at(-1)!.next ?? null, rowsDone: rows });
  });

  it("sends a plain insert that meets a stored row again as the upsert, and the next write or two as upserts, then inserts again", async () => {
    const pages = await intentPages(6);
    // A record of the second page already stored (a webhook's, or a pass cut short), with a description the page's
    // copy lacks: the upsert keeps it (it never clears one); a plain insert would have failed on it.
    const row = pages[1]!.rows[0]!;
    pages[1] = { ...pages[1]!, rows: [{ ...row, description: null }, ...pages[1]!.rows.slice(1)] };
    await fresh();
    await upsertSyncedRows(test.db, "payments", [{ ...row, description: "told by a webhook" }]);
    const { db, statements } = counting(test.db);
    const rows = await writeAll(db, pages, { insertFirst: true, maxGroup: 1 });
    // Page 1 inserted; page 2 failed as an insert and was upserted; page 3 upserted (one write after a conflict); pages 4–6 inserted.
    expect(statements.map((statement) => (isUpsert(statement) ? "upsert" : "insert"))).toEqual(["insert", "insert", "upsert", "upsert", "insert", "insert", "insert"]);
    expect(await stored()).toBe(rows);
    const [kept] = await test.db
      .select({ description: paymentIntents.description })
      .from(paymentIntents)
      .where(and(eq(paymentIntents.mode, "test"), eq(paymentIntents.id, String(row.id))));
    expect(kept!.description).toBe("told by a webhook");
    expect(await getSyncState(test.db, "test", "payments")).toMatchObject({ cursor: pages.at(-1)!.next ?? null, rowsDone: rows });
  });

  it("writes nothing, neither the write nor those queued behind it, when the checkpoint is not where the pass left it", async () => {
    const pages = await intentPages(3);
    await fresh();
    // As if another process had taken the pass over and moved the checkpoint meanwhile.
    await expect(writeAll(test.db, pages, {}, { cursor: "elsewhere", rowsDone: 400 })).rejects.toThrow(/checkpoint was not where this pass left it/);
    expect(await stored()).toBe(0);
    expect(await getSyncState(test.db, "test", "payments")).toMatchObject({ cursor: null, rowsDone: 0 });
  });
  it("sends what a write's rows share once (mode, source, read time, currency, destination phone) and a synced transfer's received_at through its authorization date, storing each row's own values", async () => {
    const client = sandboxClient(sandbox.current, "test");
    const def = RESOURCES.transfers;
    const first = parseSyncPage(def, await fetchSyncPage(client, def, {}), "test", new Date());
    const second = parseSyncPage(def, await fetchSyncPage(client, def, { startingAfter: first.next }), "test", new Date(Date.now() + 5_000));
    // A row whose received_at is not its authorization date (as a webhook's copy may be), in dollars where the rest are in
    // colones: that write sends both columns as they are.
    expect(new Set([...first.rows, ...second.rows].map((row) => row.currency))).toEqual(new Set(["CRC"]));
    const odd: Record<string, unknown> = { ...second.rows[0]!, receivedAt: "2020-01-02T03:04:05.000Z", currency: "USD" };
    const pages = [first, { ...second, rows: [odd, ...second.rows.slice(1)] }];
    await test.db.execute(sql`truncate mobile_transfers`);
    await test.db.execute(sql`delete from sync_state`);
    await startSyncPass(test.db, { mode: "test", resource: "transfers", kind: "backfill", resume: false, owner: "writer test" });
    const { db, statements } = counting(test.db);
    const writer = createPageWriter(db, "test", "transfers", { cursor: null, rowsDone: 0 }, { insertFirst: true, maxGroup: 1 });
    let done = 0;
    for (const page of pages) await writer.write(page, { cursor: page.next ?? null, rowsDone: (done += page.rows.length) });
    await writer.drain();

    const arrays = (statement: string) => statement.match(/\$\d+::[a-z ]+\[\]/g) ?? [];
    const columns = Object.keys(first.rows[0]!).length;
    expect(statements).toHaveLength(2);
    // mode, source, synced_at, currency and destination phone as scalars, received_at read from authorization_date's array…
    expect(arrays(statements[0]!)).toHaveLength(columns - 6);
    expect(statements[0]).not.toMatch(/::mode\[\]|::transfer_source\[\]/);
    // …except where a row's received_at is its own, and the currencies differ.
    expect(arrays(statements[1]!)).toHaveLength(columns - 4);

    const rows = await test.db
      .select({
        ref: mobileTransfers.sinpeRefNumber, mode: mobileTransfers.mode, source: mobileTransfers.source, receivedAt: mobileTransfers.receivedAt,
        authorizationDate: mobileTransfers.authorizationDate, syncedAt: mobileTransfers.syncedAt, currency: mobileTransfers.currency, destinationPhone: mobileTransfers.destinationPhone,
      })
      .from(mobileTransfers);
    const written = new Map(pages.flatMap((page) => page.rows.map((row) => [String(row.sinpeRefNumber), row])));
    expect(rows).toHaveLength(written.size);
    for (const row of rows) {
      const sent = written.get(row.ref)!;
      expect({
        mode: row.mode, source: row.source, receivedAt: row.receivedAt?.toISOString(), authorizationDate: row.authorizationDate?.toISOString(), syncedAt: row.syncedAt?.toISOString(),
        currency: row.currency, destinationPhone: row.destinationPhone,
      }).toEqual({
        mode: "test",
        source: "sync",
        currency: sent.currency,
        destinationPhone: sent.destinationPhone,
        receivedAt: new Date(String(sent.receivedAt)).toISOString(),
        authorizationDate: new Date(String(sent.authorizationDate)).toISOString(),
        syncedAt: new Date(String(sent.syncedAt)).toISOString(),
      });
    }
  });
});
