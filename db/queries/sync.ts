import "server-only";
import { and, eq, fillPlaceholders, getTableColumns, getTableName, sql, type SQL } from "drizzle-orm";
import { PgDialect, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import type { Mode } from "@/lib/env-schema";
import { intentLastError, intentLastEventAt, intentStatusApplies } from "./payment-intents";
import type { SyncProblem } from "@/lib/sync/page";
import { TERMINAL_RANK } from "@/lib/webhooks/status-rank";
import type { SyncResource } from "@/lib/sync/resources";
import type { Db } from "../index";
import { column, excluded } from "../sql-names";
import {
  connectedAccounts,
  customers,
  mobileTransfers,
  paymentIntents,
  renewals,
  subscriptions,
  syncProblems,
  syncRuns,
  syncState,
} from "../schema";

// The sync's writes. Every upsert is keyed by the service's id (the SINPE reference for transfers), so a page written
// twice (a resumed run, an overlap window) changes nothing the second time.

// Column names through db/sql-names.ts, as the webhook statements name them: a renamed column fails tsc here too.
const i = paymentIntents;
const t = mobileTransfers;
const r = renewals;
const pick = (c: PgColumn) => excluded(c);
const fill = (c: PgColumn) => sql`coalesce(${excluded(c)}, ${column(c)})`;

// The API is the source of truth for current state, but a status never moves back: the intents' rule is the webhook
// projection's own (./payment-intents.ts); transfers and renewals rank their statuses the same way.
const intentApply = intentStatusApplies(getTableName(i));
const ranked = (c: PgColumn, apply: SQL) => sql`case when ${apply} then ${excluded(c)} else ${column(c)} end`;
const pendingFirst = (status: SQL) => sql`(case when ${status} = 'pending' then 0 else 1 end)`;
const transferApply = sql`(${column(t.status)} is null or ${pendingFirst(excluded(t.status))} >= ${pendingFirst(column(t.status))})`;
const renewalApply = sql`${excluded(r.statusRank)} >= ${column(r.statusRank)}`;

/**
 * `volatile`: the SET keys that change on every write (the time of the read, a local now()): a row whose other values
 * would stay as they are is not written at all (see upsertText).
 */
type Upsert = { table: PgTable; target: PgColumn[]; set: Record<string, SQL>; key: (row: Record<string, unknown>) => string; volatile?: string[] };

const UPSERTS: Record<SyncResource, Upsert> = {
  payments: {
    table: i,
    target: [i.mode, i.id],
    key: (row) => String(row.id),
    set: {
      status: ranked(i.status, intentApply),
      statusRank: ranked(i.statusRank, intentApply),
      lastEventAt: intentLastEventAt(getTableName(i), intentApply),
      amount: pick(i.amount),
      currency: pick(i.currency),
      customerId: fill(i.customerId),
      description: fill(i.description),
      metadata: fill(i.metadata),
      lastError: intentLastError(getTableName(i), intentApply),
      paymentMethodId: fill(i.paymentMethodId),
      createdAt: sql`least(${excluded(i.createdAt)}, ${column(i.createdAt)})`,
      syncedAt: pick(i.syncedAt),
      updatedAt: sql`case when ${intentApply} then now() else ${column(i.updatedAt)} end`,
    },
    volatile: ["syncedAt", "updatedAt"],
  },
  transfers: {
    table: t,
    target: [t.mode, t.sinpeRefNumber],
    key: (row) => String(row.sinpeRefNumber),
    set: {
      status: ranked(t.status, transferApply),
      // The service's own link; never cleared by a record that lacks it.
      paymentIntentId: fill(t.paymentIntentId),
      amount: pick(t.amount),
      currency: pick(t.currency),
      originId: pick(t.originId),
      originName: pick(t.originName),
      description: fill(t.description),
      authorizationDate: pick(t.authorizationDate),
      serviceId: pick(t.serviceId),
      createdAt: pick(t.createdAt),
      destinationPhone: pick(t.destinationPhone),
      syncedAt: pick(t.syncedAt),
      // origin_phone, event_id, source and received_at stay as the webhook wrote them: only the event has the phone.
    },
  },
  renewals: {
    table: r,
    target: [r.mode, r.id],
    key: (row) => String(row.id),
    set: {
      status: ranked(r.status, renewalApply),
      statusRank: sql`greatest(${excluded(r.statusRank)}, ${column(r.statusRank)})`,
      paymentIntentId: fill(r.paymentIntentId),
      attemptCount: pick(r.attemptCount),
      nextPaymentAttempt: pick(r.nextPaymentAttempt),
      total: pick(r.total),
      syncedAt: pick(r.syncedAt),
    },
  },
  subscriptions: {
    table: subscriptions,
    target: [subscriptions.mode, subscriptions.id],
    key: (row) => String(row.id),
    set: Object.fromEntries(
      (["status", "customerId", "description", "updatedAt", "syncedAt"] as const).map((key) => [key, pick(subscriptions[key])]),
    ),
  },
  customers: {
    table: customers,
    target: [customers.mode, customers.id],
    key: (row) => String(row.id),
    set: Object.fromEntries(
      (["name", "email", "phone", "amountSpent", "transactionsCount", "updatedAt", "syncedAt"] as const).map((key) => [key, pick(customers[key])]),
    ),
  },
  accounts: {
    table: connectedAccounts,
    target: [connectedAccounts.mode, connectedAccounts.id],
    key: (row) => String(row.id),
    set: Object.fromEntries((["status", "businessName", "marketplaceAppFee", "syncedAt"] as const).map((key) => [key, pick(connectedAccounts[key])])),
  },
};

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * `insert … select … from rows from (unnest($1::text[]), unnest($2::bigint[]), …) … on conflict … do update` for one resource and one row
 * shape: the rows travel as one array literal per column (arrayLiteral), each read straight as an array of its column's
 * type (through text[] first, each element was copied as text and then cast again, element by element),
 * save the columns a shape sends otherwise (shapeOf). Built once per shape: the text is the same for every write, so
 * the connection prepares it once.
 *
 * Why arrays, measured: building a 100-row VALUES list through the query builder cost 15–30 ms of CPU per page, ten
 * times the database's own work; one JSON parameter read by json_to_recordset cost the database ~20 % of its time in
 * the JSON lexer and a per-record hash of the field names (perf on the backend, transfers pages), which the array
 * literals avoid: ~2.0 → ~1.8 ms of database CPU per transfers page, the worker's side no dearer.
 */
type UpsertText = { sql: (columns: SQL[], shared?: SQL[]) => SQL; keys: string[]; types: string[] };
const upsertTexts = new Map<string, UpsertText>();
/** Columns that travel other than as arrays of their own (see sharedColumns). */
type Shape = { shared: string[]; copies: [key: string, from: string][] };
const NO_SHAPE: Shape = { shared: [], copies: [] };
function upsertText(resource: SyncResource, keys: string[], { afterCheckpoint = false, insertOnly = false, shape = NO_SHAPE } = {}): UpsertText {
  const { shared, copies } = shape;
  const cacheKey = `${resource}:${keys.join(",")}:${afterCheckpoint}:${insertOnly}:${shared.join(",")}:${copies.join(",")}`;
  const cached = upsertTexts.get(cacheKey);
  if (cached) return cached;
  const upsert = UPSERTS[resource];
  const columns = getTableColumns(upsert.table) as Record<string, PgColumn>;
  const arrayKeys = keys.filter((key) => !shared.includes(key) && !copies.some(([copy]) => copy === key));
  const names = [...shared, ...arrayKeys, ...copies.map(([key]) => key)].map((key) => quoted(columns[key]!.name)).join(", ");
  const types = arrayKeys.map((key) => columns[key]!.getSQLType());
  // A jsonb column's JSON null (jsonColumn) is the row's NULL.
  const selected = [
    ...arrayKeys.map((_, index) => (types[index] === "jsonb" ? `nullif(u.c${index}, 'null'::jsonb)` : `u.c${index}`)),
    ...copies.map(([, from]) => `u.c${arrayKeys.indexOf(from)}`),
  ].join(", ");
  const alias = `u(${arrayKeys.map((_, index) => `c${index}`).join(", ")})`;
  const sharedTypes = shared.map((key) => columns[key]!.getSQLType());
  const target = (upsert.target as PgColumn[]).map((column) => quoted(column.name)).join(", ");
  const set = sql.join(
    Object.entries(upsert.set).map(([key, value]) => sql`${sql.raw(quoted(columns[key]!.name))} = ${value}`),
    sql`, `,
  );
  // A record read again unchanged (the incremental pass's overlap, a re-read, a backfill over a complete copy) writes
  // nothing: no new row version, index entries or dead tuple to vacuum, no row for the statement triggers
  // (renewals → renewal_failures). Its synced_at then stays the time the sync last *changed* it.
  const compared = Object.entries(upsert.set).filter(([key]) => !(upsert.volatile ?? ["syncedAt"]).includes(key));
  const changed = sql`(${sql.join(
    compared.map(([, value]) => value),
    sql`, `,
  )}) is distinct from (${sql.join(
    compared.map(([key]) => sql`${upsert.table}.${sql.raw(quoted(columns[key]!.name))}`),
    sql`, `,
  )})`;
  const text: UpsertText = {
    keys: arrayKeys,
    types,
    sql: (values, sharedValues = []) =>
      sql`insert into ${upsert.table} (${sql.raw(names)}) select ${sql.join(
        sharedValues.map((value, index) => sql`${value}::${sql.raw(sharedTypes[index]!)}, `),
        sql``,
      )}${sql.raw(selected)} from rows from (${sql.join(
        values.map((value, index) => (types[index] === "jsonb" ? jsonbColumn(value) : sql`unnest(${value}::${sql.raw(types[index]!)}[])`)),
        sql`, `,
      )}) as ${sql.raw(alias)}${afterCheckpoint ? sql` where exists (select from moved)` : sql``}${insertOnly ? sql`` : sql` on conflict (${sql.raw(target)}) do update set ${set} where ${changed}`}`,
  };
  upsertTexts.set(cacheKey, text);
  return text;
}

const QUOTE_OR_BACKSLASH = /[\\"]/;

/**
 * A jsonb column travels as one JSON array (jsonColumn), its elements zipped with the other columns' by position
 * (ROWS FROM: the functions' n-th rows make the n-th row, as unnest of several arrays does). Its values are JSON
 * already: as array-literal elements each had to be stringified and then escaped quote by quote (the intents' metadata,
 * ~0.3 ms of the worker's CPU per 100-row page, on the thread that fetches and parses); one native JSON.stringify of
 * the column does it at a fraction, and PostgreSQL lexes the same JSON either way. Gathered back into an array first
 * (array_agg ordered by position, then unnest), the two jsonb columns of intents cost the database ~0.12 ms of CPU per
 * page in that aggregate's sort and copies (EXPLAIN ANALYZE, 400 rows: 0.48 ms of 3.8).
 */
const jsonbColumn = (value: SQL) => sql`jsonb_array_elements(${value}::jsonb)`;

const jsonColumn = (rows: Record<string, unknown>[], key: string): string => JSON.stringify(rows.map((row) => row[key] ?? null));

/**
 * One column of the rows (jsonb ones aside) as a PostgreSQL array literal (text; the statement casts it): each value
 * quoted (inside quotes only `"` and `\` need a backslash), a number bare, NULL for null. Built by hand: measured
 * faster than JSON.stringify of the same rows, which the JSON parameter cost.
 */
function arrayLiteral(rows: Record<string, unknown>[], key: string): string {
  let literal = "{";
  for (let index = 0; index < rows.length; index++) {
    const value = rows[index]![key];
    if (index > 0) literal += ",";
    if (value === null || value === undefined) literal += "NULL";
    else if (typeof value === "number") literal += String(value);
    else {
      const text = String(value);
      literal += QUOTE_OR_BACKSLASH.test(text) ? `"${text.replace(/[\\"]/g, "\\$&")}"` : `"${text}"`;
    }
  }
  return `${literal}}`;
}

const columnLiterals = (text: UpsertText, rows: Record<string, unknown>[]) =>
  text.keys.map((key, index) => (text.types[index] === "jsonb" ? jsonColumn(rows, key) : arrayLiteral(rows, key)));

/** A record listed twice on one page is written once: Postgres refuses to update one row twice in a statement. */
function uniqueRows(resource: SyncResource, rows: Record<string, unknown>[]): Record<string, unknown>[] {
  const key = UPSERTS[resource].key;
  const seen = new Set<string>();
  for (const row of rows) seen.add(key(row));
  return seen.size === rows.length ? rows : [...new Map(rows.map((row) => [key(row), row])).values()];
}

/** Upserts rows read outside a paged pass (the re-read's confirmations), in the caller's transaction. */
export async function upsertSyncedRows(db: Db, resource: SyncResource, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const unique = uniqueRows(resource, rows);
  const text = upsertText(resource, Object.keys(unique[0]!));
  await db.execute(text.sql(columnLiterals(text, unique).map((literal) => sql`${literal}`)));
}

export type SyncCheckpoint = { cursor: string | null; rowsDone: number; remoteTotal?: number; pendingWatermark?: Date };
export type SyncPage = { mode: Mode; resource: SyncResource; rows: Record<string, unknown>[]; problems: SyncProblem[] };

/**
 * One write of a pass — a page, or the consecutive pages lib/sync/writer.ts groups when the database falls behind —
 * as one statement, so one round trip and one transaction: its rows, its records set aside and the pass's checkpoint
 * (after its last page) commit together or not at all. The checkpoint moves only from the one the previous write left
 * (`after`), and the rows are written only if it does: writes land strictly in page order, a write after one that
 * failed writes nothing, and a pass that lost its claim to another process cannot move that one's checkpoint. It
 * returns whether it applied (`applied`). Run as a prepared statement (lib/sync/writer.ts): its text is the same for
 * every write of a shape, whatever its number of rows (they travel as one JSON parameter).
 *
 * The transaction commits without waiting for the WAL flush (`set_config(…, true)` lasts until this statement's own
 * commit): a crash of the database could lose only the last writes' rows *together with* their checkpoints (they are
 * one transaction), so the resumed run starts after the last write that survived and reads the lost pages again from
 * the service, which still has them; nothing an operator decided is written here. Waiting for each flush, write after
 * write, would cap the pass at the disk's fsync rate.
 */
export function syncPageQuery(
  page: SyncPage,
  after: Pick<SyncCheckpoint, "cursor" | "rowsDone">,
  checkpoint: SyncCheckpoint,
  { insertOnly = false }: { insertOnly?: boolean } = {},
): { sql: string; params: unknown[] } {
  const { mode, resource, rows, problems } = page;
  const unique = rows.length > 0 ? uniqueRows(resource, rows) : null;
  const keys = unique ? Object.keys(unique[0]!) : null;
  const { shape, values: shared } = unique && keys ? shapeOf(resource, unique, keys) : { shape: NO_SHAPE, values: [] };
  const cacheKey = `${resource}|${keys?.join(",") ?? ""}|${shape.shared.join(",")}|${shape.copies.join(",")}|${problems.length > 0}|${insertOnly}`;
  let query = pageQueries.get(cacheKey);
  if (!query) pageQueries.set(cacheKey, (query = dialect.sqlToQuery(pageStatement(resource, keys, shape, problems.length > 0, insertOnly))));
  const columns = unique && keys ? columnLiterals(upsertText(resource, keys, { afterCheckpoint: true, insertOnly, shape }), unique) : [];
  return {
    sql: query.sql,
    params: fillPlaceholders(query.params, {
      mode,
      cursor: checkpoint.cursor,
      rowsDone: checkpoint.rowsDone,
      remoteTotal: checkpoint.remoteTotal ?? null,
      pendingWatermark: checkpoint.pendingWatermark?.toISOString() ?? null,
      afterCursor: after.cursor,
      afterRows: after.rowsDone,
      ...Object.fromEntries(columns.map((literal, index) => [`c${index}`, literal])),
      ...Object.fromEntries(shared.map((value, index) => [`s${index}`, value])),
      problems: problems.length > 0 ? JSON.stringify([...new Map(problems.map((p) => [p.recordKey, { key: p.recordKey, error: p.error, raw: p.raw }])).values()]) : null,
    }),
  };
}

/**
 * What of a write's rows need not travel as arrays of their own. Each array element is text the worker writes and
 * the database reads back through the type's input function (an enum's label looked up, a timestamp parsed) for every
 * row: a column all the rows hold the same value in (the mode; a transfer's source; the currency; a transfer's
 * destination phone, the merchant's own) is sent once, as a scalar — the currency and the destination phone as arrays
 * cost ~0.06 ms of PostgreSQL's CPU per 100-row transfers page (the write lab: 0.96–0.98 → 0.90–0.92); and a
 * column that repeats another one in every row (a synced transfer's received_at is its authorization date: see
 * transferRow) is read from that one's array. synced_at is the time a page was read: the rows of a write of several
 * pages (fetched a few milliseconds apart) are stamped with the latest of them. Whatever the rows turn out to hold
 * otherwise stays an array: the shape is checked on every write, and each shape is its own prepared statement.
 */
const SHARED_KEYS = ["mode", "source", "syncedAt", "currency", "destinationPhone"] as const;
const COPY_KEYS: Partial<Record<SyncResource, [key: string, from: string][]>> = { transfers: [["receivedAt", "authorizationDate"]] };
function shapeOf(resource: SyncResource, rows: Record<string, unknown>[], keys: string[]): { shape: Shape; values: unknown[] } {
  const shape: Shape = { shared: [], copies: [] };
  const values: unknown[] = [];
  for (const key of SHARED_KEYS) {
    if (!keys.includes(key)) continue;
    let value = rows[0]![key];
    let same = value !== null && value !== undefined && typeof value !== "object";
    for (let index = 1; same && index < rows.length; index++) {
      const other = rows[index]![key];
      if (other === value) continue;
      // ISO times of one format (toISOString) order as text.
      if (key === "syncedAt" && typeof other === "string" && typeof value === "string") value = other > value ? other : value;
      else same = false;
    }
    if (!same) continue;
    shape.shared.push(key);
    values.push(value);
  }
  for (const [key, from] of COPY_KEYS[resource] ?? []) {
    if (!keys.includes(key) || !keys.includes(from) || shape.shared.includes(from)) continue;
    if (rows.every((row) => row[key] === row[from])) shape.copies.push([key, from]);
  }
  return { shape, values };
}

// The statement's text depends only on the resource, the rows' shape and whether there are problems: built once each
// (walking the query builder's pieces for every page cost about a millisecond of CPU, measured), values as placeholders.
const dialect = new PgDialect();
const pageQueries = new Map<string, { sql: string; params: unknown[] }>();
const value = (name: string) => sql.placeholder(name);

function pageStatement(resource: SyncResource, keys: string[] | null, shape: Shape, withProblems: boolean, insertOnly: boolean): SQL {
  const parts: SQL[] = [
    sql`with durability as materialized (select set_config('synchronous_commit', 'off', true) as value),
    moved as (update ${syncState} set cursor = ${value("cursor")}::text, rows_done = ${value("rowsDone")}::integer,
      remote_total = coalesce(${value("remoteTotal")}::integer, remote_total),
      pending_watermark = coalesce(${value("pendingWatermark")}::timestamptz, pending_watermark), updated_at = now()
      where mode = ${value("mode")}::mode and resource = ${resource}::text
        and cursor is not distinct from ${value("afterCursor")}::text and rows_done = ${value("afterRows")}::integer
        and (select value from durability) is not null
      returning 1)`,
  ];
  if (keys) {
    const text = upsertText(resource, keys, { afterCheckpoint: true, insertOnly, shape });
    parts.push(
      sql`, page_rows as (${text.sql(
        text.keys.map((_, index) => sql`${value(`c${index}`)}`),
        shape.shared.map((_, index) => sql`${value(`s${index}`)}`),
      )})`,
    );
  }
  if (withProblems) {
    parts.push(sql`, page_problems as (insert into ${syncProblems} (mode, resource, record_key, error, raw)
      select ${value("mode")}::mode, ${resource}::text, p.key, p.error, coalesce(p.raw, 'null'::jsonb)
      from json_to_recordset(${value("problems")}::json) as p(key text, error text, raw jsonb) where exists (select from moved)
      on conflict (mode, resource, record_key) do update set error = excluded.error, raw = excluded.raw, last_seen_at = now())`);
  }
  parts.push(sql` select exists (select from moved) as applied`);
  return sql.join(parts, sql``);
}

export async function recordSyncProblems(db: Db, mode: Mode, resource: SyncResource, problems: SyncProblem[]): Promise<void> {
  if (problems.length === 0) return;
  const unique = [...new Map(problems.map((p) => [p.recordKey, p])).values()];
  await db
    .insert(syncProblems)
    .values(unique.map((p) => ({ mode, resource, recordKey: p.recordKey, error: p.error, raw: p.raw as object })))
    .onConflictDoUpdate({
      target: [syncProblems.mode, syncProblems.resource, syncProblems.recordKey],
      set: { error: excluded(syncProblems.error), raw: excluded(syncProblems.raw), lastSeenAt: sql`now()` },
    });
}

// The local rows a re-read pass must confirm because they are still open here: an object that left its open state
// upstream is no longer in the service's open-status lists, so these are read by key.
export async function listOpenLocalKeys(db: Db, mode: Mode, resource: SyncResource): Promise<string[]> {
  const open =
    resource === "payments"
      ? { table: i, key: i.id, mode: i.mode, where: sql`${i.statusRank} < ${TERMINAL_RANK}` }
      : resource === "transfers"
        ? { table: t, key: t.sinpeRefNumber, mode: t.mode, where: sql`${t.status} = 'pending'` }
        : resource === "renewals"
          ? { table: r, key: r.id, mode: r.mode, where: sql`${r.status} in ('draft', 'open')` }
          : null;
  if (!open) return [];
  const rows = await db.execute<{ key: string }>(sql`select ${open.key} as key from ${open.table} where ${open.mode} = ${mode} and ${open.where}`);
  return rows.map((row) => row.key);
}

export type SyncStateRow = typeof syncState.$inferSelect;
export type SyncKind = "backfill" | "incremental" | "refresh";

export async function getSyncState(db: Db, mode: Mode, resource: SyncResource): Promise<SyncStateRow | undefined> {
  const [row] = await db.select().from(syncState).where(and(eq(syncState.mode, mode), eq(syncState.resource, resource)));
  return row;
}

/** How long a running pass may go without a checkpoint before another process may take over (it was killed). */
export const SYNC_LEASE_SECONDS = 120;

/**
 * Claims the (mode, resource) for a pass. False when another process's pass is running and checkpointed recently:
 * the queue already runs one job per key at a time, and this also keeps a CLI pass from running beside a worker's.
 * A resumed backfill keeps its cursor, rows and pending watermark.
 */
export async function startSyncPass(
  db: Db,
  { mode, resource, kind, resume, owner, deadOwner }: { mode: Mode; resource: SyncResource; kind: SyncKind; resume: boolean; owner: string; deadOwner?: string },
): Promise<boolean> {
  const fresh = { phase: "running" as const, kind, owner, startedAt: new Date(), finishedAt: null, lastError: null, updatedAt: new Date() };
  const reset = resume ? {} : { cursor: null, rowsDone: 0, pendingWatermark: null };
  const claimed = await db
    .insert(syncState)
    .values({ mode, resource, ...fresh, ...reset })
    .onConflictDoUpdate({
      target: [syncState.mode, syncState.resource],
      set: { ...fresh, ...reset },
      setWhere: sql`${syncState.phase} <> 'running' or ${syncState.updatedAt} < now() - make_interval(secs => ${SYNC_LEASE_SECONDS})
        or ${syncState.owner} = ${deadOwner ?? null}`,
    })
    .returning({ mode: syncState.mode });
  return claimed.length > 0;
}

/** The local copy's rows of one mode, as a value for sync_state.local_rows: counted once per pass, at its end. */
const localRowCount = (mode: Mode, resource: SyncResource) => {
  const table = UPSERTS[resource].table as PgTable & { mode: PgColumn };
  return sql`(select count(*)::integer from ${table} where ${table.mode} = ${mode})`;
};

/** A pass reached the end of its list: the watermark advances (never back) and a backfill marks the copy complete. */
export async function finishSyncPass(db: Db, mode: Mode, resource: SyncResource, kind: SyncKind): Promise<void> {
  await db
    .update(syncState)
    .set({
      phase: "idle",
      localRows: localRowCount(mode, resource),
      cursor: null,
      finishedAt: new Date(),
      watermark: sql`greatest(${syncState.watermark}, ${syncState.pendingWatermark})`,
      pendingWatermark: null,
      ...(kind === "backfill" ? { lastCompleteAt: new Date() } : {}),
      lastError: null,
      updatedAt: new Date(),
    })
    .where(and(eq(syncState.mode, mode), eq(syncState.resource, resource)));
}

/** The pass stopped: its cursor stays, so the next run resumes; the error is what the operator will read. */
export async function failSyncPass(db: Db, mode: Mode, resource: SyncResource, error: string): Promise<void> {
  await db
    .insert(syncState)
    .values({ mode, resource, phase: "failed", lastError: error, finishedAt: new Date(), localRows: localRowCount(mode, resource) })
    .onConflictDoUpdate({
      target: [syncState.mode, syncState.resource],
      set: { phase: "failed", lastError: error, finishedAt: new Date(), updatedAt: new Date(), localRows: localRowCount(mode, resource) },
    });
}

export async function startSyncRun(db: Db, run: { jobId?: string; mode: Mode; resource: SyncResource; kind: SyncKind; worker: string }): Promise<number> {
  const [row] = await db.insert(syncRuns).values(run).returning({ id: syncRuns.id });
  return row!.id;
}

export async function finishSyncRun(db: Db, id: number, result: { rows: number; apiCalls: number; error?: string }): Promise<void> {
  await db
    .update(syncRuns)
    .set({ finishedAt: new Date(), rows: result.rows, apiCalls: result.apiCalls, outcome: result.error ? "failed" : "succeeded", error: result.error ?? null })
    .where(eq(syncRuns.id, id));
}
