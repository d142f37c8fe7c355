import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../index";
import { auditLog } from "../schema";
import { keyset, rowIdCursor, type KeysetClauses, type KeysetPage, type KeysetResult } from "./keyset";

export type AuditEntry = typeof auditLog.$inferInsert;

/** Call inside the transaction of the write it records: an audit row exists exactly when the write does. */
export async function insertAudit(db: Db, entry: AuditEntry) {
  await db.insert(auditLog).values(entry);
}

/** The operator CLI signs its changes "cli:<system user>" (scripts/operator.ts): no operator row stands behind them. */
export const CLI_ACTOR_PREFIX = "cli:";
/** The actor `npm run dev` writes when it creates the development admin (scripts/dev.ts): no operator, no command line. */
export const DEV_SETUP_ACTOR = "dev-setup";

export type AuditFilters = {
  /** An operator's id, or "cli": the changes made with the operator command (no operator row). */
  operator?: string;
  action?: string;
  subjectType?: string;
  /** At or after (inclusive) / before (exclusive): a day range in the operator's zone, already made instants. */
  from?: Date;
  before?: Date;
};

/** One row of the log with the name and e-mail of the operator who wrote it (as they are now: a name may change). */
export type AuditListed = {
  id: number;
  at: Date;
  actor: string;
  operatorId: string | null;
  operatorName: string | null;
  operatorEmail: string | null;
  action: string;
  subjectType: string;
  subjectId: string;
  mode: string | null;
  before: unknown;
  after: unknown;
  /** When the row is about an operator: their name and e-mail now. */
  subjectName: string | null;
  subjectEmail: string | null;
};

function conditions(filters: AuditFilters): SQL[] {
  const where: SQL[] = [];
  if (filters.operator === "cli") where.push(sql`a.operator_id is null and a.actor like ${`${CLI_ACTOR_PREFIX}%`}`);
  else if (filters.operator) where.push(sql`a.operator_id = ${filters.operator}::uuid`);
  if (filters.action) where.push(sql`a.action = ${filters.action}`);
  if (filters.subjectType) where.push(sql`a.subject_type = ${filters.subjectType}`);
  if (filters.from) where.push(sql`a.at >= ${filters.from.toISOString()}::timestamptz`);
  if (filters.before) where.push(sql`a.at < ${filters.before.toISOString()}::timestamptz`);
  return where;
}

const whereOf = (parts: SQL[]) => (parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``);

/**
 * The audit log's pages: newest first by (at, id). The cursor is the row's id and its time is read from the row itself
 * (rowIdCursor), so no precision is lost in the URL. Ordered as the (at, id) indexes are (DESC NULLS LAST), so a page
 * is an index scan that stops after `limit + 1` rows (drizzle/0035).
 */
export const auditPages = keyset({
  key: [sql`a.at`, sql`a.id`],
  boundary: (id: number) => sql`select c.at, c.id from audit_log c where c.id = ${id}`,
  cursor: rowIdCursor,
  nullsLast: true,
});

function auditSelect(filters: AuditFilters, { where: past, orderBy, limit }: KeysetClauses): SQL {
  const where = conditions(filters);
  if (past) where.push(past);
  return sql`
    select a.id::int as "id", a.at as "at", a.actor as "actor", a.operator_id as "operatorId", o.name as "operatorName", o.email as "operatorEmail",
      a.action as "action", a.subject_type as "subjectType", a.subject_id as "subjectId", a.mode as "mode", a.before as "before", a.after as "after",
      so.name as "subjectName", so.email as "subjectEmail"
    from audit_log a left join operators o on o.id = a.operator_id
      left join operators so on a.subject_type = 'operator'
        and so.id = (case when a.subject_type = 'operator' and a.subject_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then a.subject_id::uuid end)
    ${whereOf(where)}
    order by ${sql.join(orderBy, sql`, `)}
    limit ${limit}`;
}

/** One page's statement: `after` is the id of the last row of the page before (older rows follow), `before` the id of the first row of the page after. */
export const auditPageQuery = (filters: AuditFilters, page: KeysetPage<number>): SQL => auditSelect(filters, auditPages.clauses(page));

export function listAuditPage(db: Db, filters: AuditFilters, page: KeysetPage<number>): Promise<KeysetResult<AuditListed>> {
  return auditPages.read(page, async (clauses) => {
    const rows = await db.execute<Omit<AuditListed, "at"> & { at: Date | string }>(auditSelect(filters, clauses));
    return rows.map((row) => ({ ...row, at: new Date(row.at) }));
  });
}

/**
 * How many rows the filters select, counted up to `cap` (the page's total; a log of millions is not counted on every
 * view): undefined past it, and the page then shows no total.
 */
export async function countAudit(db: Db, filters: AuditFilters, cap = 10_000): Promise<number | undefined> {
  const [row] = (await db.execute(sql`select count(*)::int as n from (select 1 from audit_log a ${whereOf(conditions(filters))} limit ${cap + 1}) capped`)) as unknown as { n: number }[];
  const n = row?.n ?? 0;
  return n > cap ? undefined : n;
}

/** The latest rows, for the Settings card. */
export async function listAudit(db: Db, { limit = 50 }: { limit?: number } = {}) {
  return (await listAuditPage(db, {}, { limit })).items;
}

/**
 * Of the given pg-boss job ids, those this operator's own "Sync now" queued since `since` (the audit row of each
 * request names its jobs: `after.jobs`, resource → id or null). Read along the operator's (at, id) index.
 */
export async function syncJobsRequestedBy(db: Db, { operatorId, jobs, since }: { operatorId: string; jobs: readonly string[]; since: Date }): Promise<string[]> {
  if (jobs.length === 0) return [];
  const rows = await db.execute<{ id: string }>(sql`
    select distinct j.value as "id"
    from audit_log a cross join lateral jsonb_each_text(a.after -> 'jobs') j
    where a.operator_id = ${operatorId}::uuid and a.action = 'sync.request' and a.at >= ${since.toISOString()}::timestamptz
      and j.value in (${sql.join(jobs.map((id) => sql`${id}`), sql`, `)})`);
  return rows.map((row) => row.id);
}
